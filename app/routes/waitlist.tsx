import { data, Form } from "react-router";
import { EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { formatDateString, formatSlotLabel, SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { privatePageMeta } from "~/lib/meta";
import { retryAfter } from "~/lib/retry-after";
import { EMAILED_LINK_HEADERS, emailedLinkLimit, type RouteHandle } from "~/lib/route-handle";
import { useSalon } from "~/lib/salon";
import { visitDateString } from "~/services/booking/booked-appointment.server";
import { bookingPolicy } from "~/services/platform/env.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { readsQuery } from "~/services/platform/query.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { findOffer, takeOffer } from "~/services/waitlist/waitlist-link.server";
import type { Route } from "./+types/waitlist";

// The link in a waitlist email (/waitlist?token=..., docs/product.md#waitlist): the freed time,
// and 'Book This Time', which books it if it is still free. A plain page and a plain form post:
// no JavaScript needed. Lookups and bookings are rate limited per address, as /manage's are.
const BOOK_LIMIT = RATE_LIMITS.waitlistOfferBook;
const PRIVATE = EMAILED_LINK_HEADERS;
const zone = SALON_TIME_ZONE;

export const handle = {
  styles: ["forms", "manage"],
  rateLimit: emailedLinkLimit("waitlistOfferLookup"),
} satisfies RouteHandle;

type Offer =
  | {
      state: "found";
      token: string;
      service: string;
      when: string;
      booked: boolean;
      /** Someone else took it: back in line. */
      taken: boolean;
      past: boolean;
    }
  | { state: "not-found" | "limited" };

/** What it reads of its address (docs/security.md#queries). */
const OfferQuery = z.object({ token: queryLine(200) });

export const loader = readsQuery(OfferQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const token = read.data.token ?? "";
  const offer = await findOffer(context.db, token);
  if (!offer) return data({ state: "not-found" } as Offer, { status: 404, headers: PRIVATE });
  return data(
    {
      state: "found",
      token,
      service: offer.service,
      when: `${formatDateString(offer.startsAt, zone)} @ ${formatSlotLabel(offer.startsAt, zone)}`,
      booked: offer.booked,
      taken: offer.taken,
      past: offer.startsAt.getTime() <= Date.now(),
    } as Offer,
    { headers: PRIVATE },
  );
});

type Answer =
  | { ok: true; dateString: string; email: string }
  | { ok: false; message: string; callUs?: true };

/** The emailed link's token, posted back by the page's button. */
const TokenForm = textFields("token");

export async function action({ request, context }: Route.ActionArgs) {
  const answer = (body: Answer, status: number, headers: Record<string, string> = {}) =>
    data(body, { status, headers: { ...PRIVATE, ...headers } });
  const form = await readForm(request);
  const read = form && parseForm(form, TokenForm);
  if (!read?.ok) return answer({ ok: false, message: "The form could not be read." }, 400);
  const { phone: salonPhone } = (await readSalonFacts(context.db)).details;
  const limit = await hitRateLimit(
    context.db,
    `waitlist-book:${context.clientAddress}`,
    BOOK_LIMIT,
  );
  if (!limit.allowed) {
    return answer(
      {
        ok: false,
        message: `Too many attempts from this address. Please call us at ${salonPhone}.`,
        callUs: true,
      },
      429,
      { "Retry-After": retryAfter(limit.retryAfterMs) },
    );
  }
  const result = await takeOffer(context.db, read.data.token ?? "", {
    siteUrl: context.siteUrl,
    online: { maxUpcoming: bookingPolicy().maxUpcoming },
  });
  if (result.ok) {
    context.kickEmail();
    const visit = result.visit ?? [result.appointment];
    return answer(
      { ok: true, dateString: visitDateString(visit), email: result.appointment.email ?? "" },
      200,
    );
  }
  if (result.kind === "not-found")
    return answer({ ok: false, message: "This link does not open a waitlist offer." }, 404);
  if (result.kind === "booked")
    return answer({ ok: false, message: "This time is already booked for you." }, 409);
  if (result.kind === "limit") {
    return answer(
      {
        ok: false,
        message: `You already have ${result.maxUpcoming} upcoming appointments with us. To book another, please call us at ${salonPhone}.`,
        callUs: true,
      },
      409,
    );
  }
  return answer(
    { ok: false, message: "Sorry, that time was just taken or is no longer available." },
    409,
  );
}

// The document carries its loader's and action's own headers (no-store, the referrer policy,
// Retry-After): React Router sends them only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, "Your Waitlist Time");

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  const offer = loaderData;
  const notice = actionData
    ? {
        ok: actionData.ok,
        text: actionData.ok
          ? `Booked: ${actionData.dateString}. We have emailed the details to ${actionData.email}.`
          : actionData.message,
      }
    : null;
  return (
    <EmailedLinkPage
      eyebrow="Waitlist"
      heading="A Time Has Opened"
      notice={notice}
      card={
        offer.state === "found"
          ? {
              id: "offer-title",
              title: offer.service,
              details: [["When", offer.when]],
              action: (
                <OfferAction offer={offer} booked={offer.booked || actionData?.ok === true} />
              ),
            }
          : {
              missing: {
                limited: offer.state === "limited",
                title: "Offer not found",
                text: "This link does not open a waitlist offer. Please open it again from the email, or book another time.",
              },
            }
      }
    />
  );
}

/** Booked, taken by someone else, passed, or 'Book This Time'. */
function OfferAction({
  offer,
  booked,
}: {
  offer: { token: string; taken: boolean; past: boolean };
  booked: boolean;
}) {
  const business = useSalon();
  const phone = <a href={`tel:${business.phoneE164}`}>{business.phone}</a>;
  if (booked) {
    return (
      <p>This time is booked for you. The confirmation email has the link to move or cancel it.</p>
    );
  }
  if (offer.taken) {
    return (
      <p>
        Someone else booked this time before you. You keep your place on the waitlist: we will email
        you again if another time opens that day.
      </p>
    );
  }
  if (offer.past) {
    return <p>This time has passed. Please choose another time, or call us at {phone}.</p>;
  }
  return (
    <Form method="post" className="button-row">
      <p>
        It is not held for you: whoever books it first has it. If it is still free, this books it
        under the name and email you gave.
      </p>
      <input type="hidden" name="token" value={offer.token} />
      <button type="submit" className="button">
        Book This Time
      </button>
    </Form>
  );
}
