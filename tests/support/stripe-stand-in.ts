// A local stand-in for the part of Stripe's API the payments use (docs/payments.md): Stripe is
// unreachable from the test machines, so the official client is pointed here with STRIPE_API_BASE.
// An in-process HTTP server on loopback that answers Customers, Checkout Sessions (create,
// retrieve, expire), SetupIntents and PaymentIntents (create, retrieve, cancel; one created with
// `confirm` is charged at once, or meets what `cardOutcomes` says of its card, as Stripe's test
// cards do: declined, the bank asking to authenticate, processing) and Refunds (create) with
// objects typed by the package's own types, and records every request (its idempotency key and
// its form-encoded parameters) so a test can check what was asked: amounts in cents, USD, one
// key per thing created. It checks only what a test needs, not Stripe's rules. A session's `url`
// opens the stand-in's own checkout page (/pay/<id>): its 'Pay' button completes the session as
// `complete` does and sends the browser to the session's success_url, as Stripe's page would; the
// webhook stays the test's to send (signed), so it decides when it arrives.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/** A form-encoded parameter tree as Stripe's client writes it (`a[b][0][c]=1`). */
export type Params = { [key: string]: string | Params | Params[] | string[] };

export interface RecordedRequest {
  method: string;
  /** "/v1/checkout/sessions" */
  path: string;
  idempotencyKey: string | undefined;
  params: Params;
}

type Handler = (params: Params, id: string | undefined) => { status: number; body: object };

/**
 * What a PaymentIntent confirmed on a card meets: charged; declined (402 `card_declined`,
 * insufficient funds); the bank asking the customer to authenticate, either as Stripe answers an
 * off-session charge (402 `authentication_required`) or as an intent left `requires_action`;
 * or `processing`, told later by the webhook.
 */
export type ChargeOutcome =
  | "succeeded"
  | "card_declined"
  | "authentication_required"
  | "requires_action"
  | "processing";

export interface StripeStandIn {
  /** http://127.0.0.1:<port>, for STRIPE_API_BASE. */
  url: string;
  /** Every request, oldest first. */
  requests: RecordedRequest[];
  sessions: Map<string, Stripe.Checkout.Session>;
  paymentIntents: Map<string, Stripe.PaymentIntent>;
  setupIntents: Map<string, Stripe.SetupIntent>;
  refunds: Map<string, Stripe.Refund>;
  /** By payment method id: what a charge on it meets ('succeeded' when not set). */
  cardOutcomes: Map<string, ChargeOutcome>;
  /** While set, every refund is refused with this message (402), as Stripe may refuse one. */
  refundRefusal: { message: string | null };
  /**
   * What Stripe does when the customer pays on its page: the session completes, with a
   * succeeded PaymentIntent (payment mode) or SetupIntent (setup mode), and a card saved.
   */
  complete(sessionId: string): Stripe.Checkout.Session;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const text = (value: Params[string] | undefined): string | null =>
  typeof value === "string" ? value : null;
const tree = (value: Params[string] | undefined): Params =>
  value && typeof value === "object" && !Array.isArray(value) ? value : {};
const metadataOf = (params: Params): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree(params.metadata)).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );

/** Starts the stand-in on a free loopback port. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  const setupIntents = new Map<string, Stripe.SetupIntent>();
  const refunds = new Map<string, Stripe.Refund>();
  const customers = new Map<string, Stripe.Customer>();
  const cardOutcomes = new Map<string, ChargeOutcome>();
  const refundRefusal: { message: string | null } = { message: null };
  /** Stripe answers a repeated idempotency key with the first answer. */
  const answered = new Map<string, { status: number; body: object }>();
  let url = "";

  const missing = (kind: string, id: string | undefined) => ({
    status: 404,
    body: {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${kind}: '${id}'`,
      },
    },
  });
  const found = <T extends object>(map: Map<string, T>, kind: string) =>
    ((_params, id) => {
      const object = id ? map.get(id) : undefined;
      return object ? { status: 200, body: object } : missing(kind, id);
    }) satisfies Handler;

  const routes: Record<string, Handler> = {
    "POST /v1/customers": (params) => {
      const customer = customerOf(params);
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    },
    "POST /v1/checkout/sessions": (params) => {
      const session = sessionOf(params, url);
      sessions.set(session.id, session);
      return { status: 200, body: session };
    },
    "GET /v1/checkout/sessions/:id": found(sessions, "checkout.session"),
    "POST /v1/checkout/sessions/:id/expire": (_params, id) => {
      const session = id ? sessions.get(id) : undefined;
      if (!session) return missing("checkout.session", id);
      if (session.status !== "open") {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
            },
          },
        };
      }
      session.status = "expired";
      session.url = null;
      return { status: 200, body: session };
    },
    "POST /v1/payment_intents": (params) => {
      const intent = paymentIntentOf(params);
      paymentIntents.set(intent.id, intent);
      if (text(params.confirm) !== "true") return { status: 200, body: intent };
      const outcome = cardOutcomes.get(intent.payment_method as string) ?? "succeeded";
      return charged(intent, outcome);
    },
    "GET /v1/payment_intents/:id": found(paymentIntents, "payment_intent"),
    "POST /v1/payment_intents/:id/cancel": (_params, id) => {
      const intent = id ? paymentIntents.get(id) : undefined;
      if (!intent) return missing("payment_intent", id);
      if (intent.status === "succeeded" || intent.status === "canceled") {
        const message = `This PaymentIntent's status is ${intent.status}: it cannot be canceled.`;
        return { status: 400, body: { error: { type: "invalid_request_error", message } } };
      }
      intent.status = "canceled";
      intent.canceled_at = now();
      return { status: 200, body: intent };
    },
    "POST /v1/setup_intents": (params) => {
      const intent = setupIntentOf(params);
      setupIntents.set(intent.id, intent);
      return { status: 200, body: intent };
    },
    "GET /v1/setup_intents/:id": found(setupIntents, "setup_intent"),
    "POST /v1/refunds": (params) => {
      const intentId = text(params.payment_intent);
      const intent = intentId ? paymentIntents.get(intentId) : undefined;
      if (!intent) return missing("payment_intent", intentId ?? undefined);
      if (refundRefusal.message) {
        const error = { type: "invalid_request_error", message: refundRefusal.message };
        return { status: 400, body: { error } };
      }
      const refund = refundOf(params, intent);
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    },
  };

  const server: Server = createServer(async (request, response) => {
    const { pathname, searchParams } = new URL(request.url ?? "/", "http://stand-in");
    if (pathname.startsWith("/pay/")) {
      payPage(request, response, pathname.slice("/pay/".length));
      return;
    }
    const body = request.method === "GET" ? searchParams.toString() : await readBody(request);
    const params = parseParams(body);
    const header = request.headers["idempotency-key"];
    const idempotencyKey = typeof header === "string" ? header : undefined;
    requests.push({ method: request.method ?? "", path: pathname, idempotencyKey, params });
    const [route, id] = routeOf(request.method ?? "", pathname);
    const handler = route ? routes[route] : undefined;
    const remembered = idempotencyKey ? answered.get(idempotencyKey) : undefined;
    const answer = remembered ??
      handler?.(params, id) ?? {
        status: 404,
        body: { error: { type: "invalid_request_error", message: `Unknown ${pathname}` } },
      };
    if (idempotencyKey && request.method === "POST") answered.set(idempotencyKey, answer);
    response.writeHead(answer.status, {
      "Content-Type": "application/json",
      "Request-Id": newId("req"),
    });
    response.end(JSON.stringify(answer.body));
  });
  /**
   * The checkout page: GET shows the amount, 'Pay' and the 'Back' link to `cancel_url`; POST pays
   * and goes back to the site.
   */
  function payPage(request: IncomingMessage, response: ServerResponse, id: string) {
    const session = sessions.get(id);
    if (session?.status !== "open") {
      response.writeHead(404, { "Content-Type": "text/plain" });
      response.end("This Checkout Session is not open.");
      return;
    }
    if (request.method === "POST") {
      complete(id);
      const back = (session.success_url ?? "/").replace("{CHECKOUT_SESSION_ID}", id);
      response.writeHead(303, { Location: back });
      response.end();
      return;
    }
    const amount =
      session.mode === "payment" ? `$${((session.amount_total ?? 0) / 100).toFixed(2)}` : "$0.00";
    // Stripe's page shows a back link to `cancel_url` when one is set.
    const backLink = session.cancel_url
      ? `<a href="${session.cancel_url.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}">Back</a>`
      : "";
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><title>Stripe stand-in checkout</title><main>${backLink}<h1>Pay ${amount}</h1><form method="post"><button type="submit">Pay</button></form></main></html>`,
    );
  }

  function complete(sessionId: string): Stripe.Checkout.Session {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    const customer = typeof session.customer === "string" ? session.customer : newId("cus");
    const method = newId("pm");
    session.status = "complete";
    session.customer = customer;
    if (session.mode === "payment") {
      const intent = paymentIntentOf({
        amount: String(session.amount_total ?? 0),
        currency: session.currency ?? "usd",
        customer,
        payment_method: method,
      });
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.latest_charge = newId("ch");
      intent.setup_future_usage = "off_session";
      paymentIntents.set(intent.id, intent);
      session.payment_intent = intent.id;
      session.payment_status = "paid";
    } else {
      const intent = setupIntentOf({ customer, payment_method: method, usage: "off_session" });
      intent.status = "succeeded";
      setupIntents.set(intent.id, intent);
      session.setup_intent = intent.id;
      session.payment_status = "no_payment_required";
    }
    return session;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    sessions,
    paymentIntents,
    setupIntents,
    refunds,
    cardOutcomes,
    refundRefusal,
    complete,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A signed webhook event as Stripe would post it (its `data.object` as given). */
export function eventOf<T extends Stripe.Event["type"]>(
  type: T,
  object: Extract<Stripe.Event, { type: T }>["data"]["object"],
  id = newId("evt"),
): Extract<Stripe.Event, { type: T }> {
  return {
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as Extract<Stripe.Event, { type: T }>;
}

/** The route's pattern and the id in its path: "/v1/checkout/sessions/cs_1/expire". */
function routeOf(method: string, path: string): [string | undefined, string | undefined] {
  const parts = path.split("/").filter(Boolean);
  for (const pattern of [
    "/v1/checkout/sessions/:id/expire",
    "/v1/checkout/sessions/:id",
    "/v1/checkout/sessions",
    "/v1/payment_intents/:id/cancel",
    "/v1/payment_intents/:id",
    "/v1/payment_intents",
    "/v1/setup_intents/:id",
    "/v1/setup_intents",
    "/v1/refunds",
    "/v1/customers",
  ]) {
    const names = pattern.split("/").filter(Boolean);
    if (names.length !== parts.length) continue;
    let id: string | undefined;
    const same = names.every((name, index) => {
      if (name === ":id") {
        id = parts[index];
        return true;
      }
      return name === parts[index];
    });
    if (same) return [`${method} ${pattern}`, id];
  }
  return [undefined, undefined];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** `a[b][0][c]=1&a[b][0][d]=2` as { a: { b: [{ c: "1", d: "2" }] } }. */
export function parseParams(body: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.replace(/\]/g, "").split("[");
    let node: Params = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (next && typeof next === "object" && !Array.isArray(next)) node = next;
      else {
        const child: Params = {};
        node[key] = child;
        node = child;
      }
    });
  }
  return arraysOf(root);
}

/** Objects whose keys are 0, 1, 2... become arrays, as Stripe reads them. */
function arraysOf(node: Params): Params {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value !== "object" || Array.isArray(value)) continue;
    const inner = arraysOf(value);
    const keys = Object.keys(inner);
    const indexed = keys.length > 0 && keys.every((k, i) => k === String(i));
    node[key] = indexed ? (Object.values(inner) as Params[]) : inner;
  }
  return node;
}

function customerOf(params: Params): Stripe.Customer {
  return {
    id: newId("cus"),
    object: "customer",
    balance: 0,
    created: now(),
    default_source: null,
    description: null,
    email: text(params.email),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: metadataOf(params),
    name: text(params.name),
    phone: text(params.phone),
    shipping: null,
  };
}

/** A session's total: its line items' unit amounts times their quantities. */
function amountOf(params: Params): number | null {
  const items = Array.isArray(params.line_items) ? (params.line_items as Params[]) : [];
  if (items.length === 0) return null;
  return items.reduce((sum, item) => {
    const unit = Number(text(tree(item.price_data).unit_amount) ?? 0);
    return sum + unit * Number(text(item.quantity) ?? 1);
  }, 0);
}

function sessionOf(params: Params, base: string): Stripe.Checkout.Session {
  const id = newId("cs_test");
  const mode = (text(params.mode) ?? "payment") as Stripe.Checkout.Session.Mode;
  const amount = mode === "payment" ? amountOf(params) : null;
  const expiresAt = Number(text(params.expires_at) ?? now() + 24 * 3600);
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: text(params.cancel_url),
    client_reference_id: text(params.client_reference_id),
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now(),
    currency: text(params.currency) ?? (mode === "payment" ? "usd" : null),
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: text(params.customer),
    customer_account: null,
    customer_creation: null,
    customer_details: null,
    customer_email: text(params.customer_email),
    discounts: [],
    expires_at: expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    // The language asked for Checkout's page ("es" for a Spanish booking), as Stripe keeps it.
    locale: text(params.locale) as Stripe.Checkout.Session.Locale | null,
    managed_payments: null,
    metadata: metadataOf(params),
    mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_status: mode === "payment" ? "unpaid" : "no_payment_required",
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: text(params.success_url),
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: `${base}/pay/${id}`,
    wallet_options: null,
  };
}

/** A confirmed PaymentIntent as the card's outcome leaves it, and Stripe's answer. */
function charged(
  intent: Stripe.PaymentIntent,
  outcome: ChargeOutcome,
): { status: number; body: object } {
  if (outcome === "succeeded") {
    intent.amount_received = intent.amount;
    return { status: 200, body: intent };
  }
  intent.latest_charge = null;
  if (outcome === "processing" || outcome === "requires_action") {
    intent.status = outcome;
    if (outcome === "requires_action") intent.next_action = { type: "use_stripe_sdk" };
    return { status: 200, body: intent };
  }
  const declined = outcome === "card_declined";
  const error = {
    type: "card_error" as const,
    code: outcome,
    ...(declined ? { decline_code: "insufficient_funds" } : {}),
    message: declined
      ? "Your card has insufficient funds."
      : "Your card was declined. This transaction requires authentication.",
  };
  intent.status = "requires_payment_method";
  intent.last_payment_error = error;
  return { status: 402, body: { error: { ...error, payment_intent: intent } } };
}

function paymentIntentOf(params: Params): Stripe.PaymentIntent {
  const confirm = text(params.confirm) === "true";
  return {
    id: newId("pi"),
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: Number(text(params.amount) ?? 0),
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: null,
    confirmation_method: "automatic",
    created: now(),
    currency: text(params.currency) ?? "usd",
    customer: text(params.customer),
    customer_account: null,
    description: text(params.description),
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: confirm ? newId("ch") : null,
    livemode: false,
    managed_payments: null,
    metadata: metadataOf(params),
    next_action: null,
    on_behalf_of: null,
    payment_method: text(params.payment_method),
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: confirm ? "succeeded" : "requires_confirmation",
    transfer_group: null,
  };
}

function setupIntentOf(params: Params): Stripe.SetupIntent {
  return {
    id: newId("seti"),
    object: "setup_intent",
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: null,
    created: now(),
    customer: text(params.customer),
    description: null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: metadataOf(params),
    next_action: null,
    on_behalf_of: null,
    payment_method: text(params.payment_method),
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    single_use_mandate: null,
    status: "requires_payment_method",
    usage: text(params.usage) ?? "off_session",
  };
}

function refundOf(params: Params, intent: Stripe.PaymentIntent): Stripe.Refund {
  return {
    id: newId("re"),
    object: "refund",
    amount: Number(text(params.amount) ?? intent.amount_received),
    balance_transaction: null,
    charge: intent.latest_charge,
    created: now(),
    currency: intent.currency,
    customer: intent.customer,
    customer_account: null,
    metadata: metadataOf(params),
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    reason: (text(params.reason) as Stripe.Refund.Reason | null) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}
