import { data, Form } from "react-router";
import { EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { useLocale } from "~/lib/i18n";
import { localeOfMatches, privatePageMeta } from "~/lib/meta";
import { retryAfter } from "~/lib/retry-after";
import { EMAILED_LINK_HEADERS, emailedLinkLimit, type RouteHandle } from "~/lib/route-handle";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
import { salonDayAndTime, visitDateString } from "~/services/booking/booked-appointment.server";
import { searchInLanguage } from "~/services/booking/customer-language.server";
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
// no JavaScript needed. Lookups and bookings are rate limited per address, as /manage's are. A
// Spanish place's offer opens /es/waitlist, in Spanish ('Reservar este horario',
// docs/product.md#languages).
const BOOK_LIMIT = RATE_LIMITS.waitlistOfferBook;
const PRIVATE = EMAILED_LINK_HEADERS;

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

export const loader = readsQuery(OfferQuery, async (args: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const { context } = args;
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const token = read.data.token ?? "";
  const offer = await findOffer(context.db, token);
  if (!offer) return data({ state: "not-found" } as Offer, { status: 404, headers: PRIVATE });
  return data(
    {
      state: "found",
      token,
      // The services in the page's language (the owner's Spanish names on /es).
      service: await searchInLanguage(context.db, offer.items, locale, offer.service),
      when: m.email_date_time(salonDayAndTime(offer.startsAt, locale), { locale }),
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
  const locale = localeOfPath(new URL(request.url).pathname);
  const answer = (body: Answer, status: number, headers: Record<string, string> = {}) =>
    data(body, { status, headers: { ...PRIVATE, ...headers } });
  const form = await readForm(request);
  const read = form && parseForm(form, TokenForm);
  if (!read?.ok) return answer({ ok: false, message: m.manage_unreadable({}, { locale }) }, 400);
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
        message: m.link_limited_call({ phone: salonPhone }, { locale }),
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
      {
        ok: true,
        dateString: visitDateString(visit, locale),
        email: result.appointment.email ?? "",
      },
      200,
    );
  }
  if (result.kind === "not-found")
    return answer({ ok: false, message: m.offer_not_found({}, { locale }) }, 404);
  if (result.kind === "booked")
    return answer({ ok: false, message: m.offer_already({}, { locale }) }, 409);
  if (result.kind === "limit") {
    return answer(
      {
        ok: false,
        message: m.offer_max({ count: result.maxUpcoming, phone: salonPhone }, { locale }),
        callUs: true,
      },
      409,
    );
  }
  return answer({ ok: false, message: m.offer_gone({}, { locale }) }, 409);
}

// The document carries its loader's and action's own headers (no-store, the referrer policy,
// Retry-After): React Router sends them only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, m.offer_title({}, { locale: localeOfMatches(matches) }));

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  const offer = loaderData;
  const locale = useLocale();
  const notice = actionData
    ? {
        ok: actionData.ok,
        text: actionData.ok
          ? m.link_booked({ date: actionData.dateString, email: actionData.email }, { locale })
          : actionData.message,
      }
    : null;
  return (
    <EmailedLinkPage
      eyebrow={m.link_waitlist({}, { locale })}
      heading={m.offer_heading({}, { locale })}
      notice={notice}
      card={
        offer.state === "found"
          ? {
              id: "offer-title",
              title: offer.service,
              details: [[m.manage_when({}, { locale }), offer.when]],
              action: (
                <OfferAction offer={offer} booked={offer.booked || actionData?.ok === true} />
              ),
            }
          : {
              missing: {
                limited: offer.state === "limited",
                title: m.offer_missing_title({}, { locale }),
                text: m.offer_missing_text({}, { locale }),
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
  const locale = useLocale();
  const phone = <a href={`tel:${business.phoneE164}`}>{business.phone}</a>;
  if (booked) return <p>{m.offer_booked({}, { locale })}</p>;
  if (offer.taken) return <p>{m.offer_taken({}, { locale })}</p>;
  if (offer.past) {
    return (
      <p>
        {m.offer_past({}, { locale })} {phone}.
      </p>
    );
  }
  return (
    <Form method="post" className="button-row">
      <p>{m.offer_rule({}, { locale })}</p>
      <input type="hidden" name="token" value={offer.token} />
      <button type="submit" className="button">
        {m.offer_button({}, { locale })}
      </button>
    </Form>
  );
}
