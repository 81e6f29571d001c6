import { data, redirect } from "react-router";
import type { Locale } from "~/domain/i18n/locale";
import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { m } from "~/paraglide/messages.js";
import type { Database } from "~/services/db/client.server";
import { type FormSchema, parseForm, readForm } from "~/services/platform/form.server";
import { readsQuery } from "~/services/platform/query.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { retryAfter } from "./retry-after";
import { EMAILED_LINK_HEADERS } from "./route-handle";

// What the emailed links' pages share: their POST's form read, its limit per client address once
// the form reads, and its refusals, with the emailed links' headers. And what those that go on to
// Stripe Checkout share ('Secure Your Booking', docs/payments.md#secure-your-booking, and a fee's
// payment link, #fee-link): the loader that finds what the link (`token`) or the return from
// Checkout (`session`) names, 404 when nothing, and the way back to the page from Checkout.

/** What it reads of its address (docs/security.md#queries). */
const LinkQuery = z.object({ token: queryLine(200), session: queryLine(300) });

type Find<View> = (
  db: Database,
  by: { token?: string | undefined; session?: string | undefined },
  now: Date,
  locale: Locale,
) => Promise<View | undefined>;

/** What the page shows: what its link names, or that it names nothing or was looked up too often. */
export type LinkShown<View> = View | { state: "not-found" | "limited" };

/** The page's loader: what `find` says, or `{ state: "not-found" }` with 404. */
export function emailedLinkLoader<View>(find: Find<View>) {
  return readsQuery(
    LinkQuery,
    async ({ request, context }: { request: Request; context: { db: Database } }, read) => {
      if (!read.ok) throw data("This address could not be read.", { status: 400 });
      const locale = localeOfPath(new URL(request.url).pathname);
      const { token, session } = read.data;
      const found = await find(context.db, { token, session }, new Date(), locale);
      if (!found) {
        return data({ state: "not-found" } as LinkShown<View>, {
          status: 404,
          headers: EMAILED_LINK_HEADERS,
        });
      }
      return data(found as LinkShown<View>, { headers: EMAILED_LINK_HEADERS });
    },
  );
}

/** A page's POST limit: its name in RATE_LIMITS, and the key it counts under. */
type PostLimit = {
  name: "secureBookingCheckout" | "feeLinkCheckout" | "bookingConfirm";
  key: string;
};

/**
 * The page's POST counted under `key` per client address, by its limit's `name`: the 429 to
 * answer ("Too many attempts ... Please call us at ..."), or undefined when it may go on.
 */
export async function linkPostRefused(
  context: { db: Database; clientAddress: string },
  limit: PostLimit,
  locale: Locale,
) {
  const hit = await hitRateLimit(
    context.db,
    `${limit.key}:${context.clientAddress}`,
    RATE_LIMITS[limit.name],
  );
  if (hit.allowed) return undefined;
  const { phone } = (await readSalonFacts(context.db)).details;
  return data(
    { ok: false as const, message: m.link_limited_call({ phone }, { locale }) },
    {
      status: 429,
      headers: { ...EMAILED_LINK_HEADERS, "Retry-After": retryAfter(hit.retryAfterMs) },
    },
  );
}

/** The page's POST read by `schema`: its fields, or the 400 to answer ('could not be read'). */
export async function readLinkForm<S extends FormSchema>(
  request: Request,
  schema: S,
  locale: Locale,
) {
  const form = await readForm(request);
  const read = form && parseForm(form, schema);
  if (!read?.ok) {
    return { ok: false as const, answer: linkRefusal(m.manage_unreadable({}, { locale }), 400) };
  }
  return { ok: true as const, fields: read.data };
}

/**
 * The page's POST read by `schema` (readLinkForm), then counted by `limit` (linkPostRefused):
 * its fields, or the answer to give (a 400 is not counted).
 */
export async function readLinkPost<S extends FormSchema>(
  { request, context }: { request: Request; context: { db: Database; clientAddress: string } },
  schema: S,
  limit: PostLimit,
  locale: Locale,
) {
  const post = await readLinkForm(request, schema, locale);
  if (!post.ok) return post;
  const refused = await linkPostRefused(context, limit, locale);
  if (refused) return { ok: false as const, answer: refused };
  return post;
}

/** A refusal of the page's POST: it changes nothing and says why, with the emailed links' headers. */
export function linkRefusal(message: string, status: number, more: { agree?: string } = {}) {
  return data({ ok: false as const, message, ...more }, { status, headers: EMAILED_LINK_HEADERS });
}

/** The page again (`path`, in the page's language) by the Checkout Session its POST opened: 303. */
export function backBySession(path: string, locale: Locale, sessionId: string) {
  const page = localizedPath(path, locale);
  return redirect(`${page}?session=${encodeURIComponent(sessionId)}`, {
    status: 303,
    headers: EMAILED_LINK_HEADERS,
  });
}
