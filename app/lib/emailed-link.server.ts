import { data } from "react-router";
import type { Locale } from "~/domain/i18n/locale";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { m } from "~/paraglide/messages.js";
import type { Database } from "~/services/db/client.server";
import { readsQuery } from "~/services/platform/query.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { retryAfter } from "./retry-after";
import { EMAILED_LINK_HEADERS } from "./route-handle";

// What the emailed links' pages that go on to Stripe Checkout share ('Secure Your Booking',
// docs/payments.md#secure-your-booking, and a fee's payment link, #fee-link): the loader that
// finds what the link (`token`) or the return from Checkout (`session`) names, 404 when nothing,
// with the emailed links' headers; and their POST's limit per client address, once its form reads.

/** What it reads of its address (docs/security.md#queries). */
const LinkQuery = z.object({ token: queryLine(200), session: queryLine(300) });

type Find<View> = (
  db: Database,
  by: { token?: string | undefined; session?: string | undefined },
  now: Date,
  locale: Locale,
) => Promise<View | undefined>;

/** The page's loader: what `find` says, or `{ state: "not-found" }` with 404. */
export function emailedLinkLoader<View>(find: Find<View>) {
  return readsQuery(
    LinkQuery,
    async ({ request, context }: { request: Request; context: { db: Database } }, read) => {
      if (!read.ok) throw data("This address could not be read.", { status: 400 });
      const locale = localeOfPath(new URL(request.url).pathname);
      const { token, session } = read.data;
      const found = await find(context.db, { token, session }, new Date(), locale);
      type Shown = View | { state: "not-found" | "limited" };
      if (!found) {
        return data({ state: "not-found" } as Shown, {
          status: 404,
          headers: EMAILED_LINK_HEADERS,
        });
      }
      return data(found as Shown, { headers: EMAILED_LINK_HEADERS });
    },
  );
}

/**
 * The page's POST counted under `key` per client address, by its limit's `name`: the 429 to
 * answer ("Too many attempts ... Please call us at ..."), or undefined when it may go on.
 */
export async function linkPostRefused(
  context: { db: Database; clientAddress: string },
  limit: { name: "secureBookingCheckout" | "feeLinkCheckout"; key: string },
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
