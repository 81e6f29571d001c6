import { data, Form, redirect } from "react-router";
import { PaymentAgreement } from "~/components/booking/payment-agreement";
import { bookedNotice, EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { WaitingForPayment } from "~/components/manage/waiting-for-payment";
import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { readLinkForm } from "~/lib/emailed-link.server";
import { useLocale } from "~/lib/i18n";
import { localeOfMatches, privatePageMeta } from "~/lib/meta";
import { retryAfter } from "~/lib/retry-after";
import {
  EMAILED_LINK_HEADERS,
  emailedLinkHeaders,
  emailedLinkLimit,
  type RouteHandle,
} from "~/lib/route-handle";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
import { salonDayAndTime, visitDateString } from "~/services/booking/booked-appointment.server";
import { searchInLanguage } from "~/services/booking/customer-language.server";
import { findPaidVisitById } from "~/services/booking/paid-view.server";
import {
  AGREE_FIELD,
  bookOnlineVisit,
  protectionOfItems,
} from "~/services/payments/protected-booking.server";
import { bookingPolicy } from "~/services/platform/env.server";
import { textFields } from "~/services/platform/form.server";
import { readsQuery } from "~/services/platform/query.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { findOffer, prepareOffer } from "~/services/waitlist/waitlist-link.server";
import type { Route } from "./+types/waitlist";

// The link in a waitlist email (/waitlist?token=..., docs/product.md#waitlist): the freed time,
// and 'Book This Time', which books it if it is still free. A plain page and a plain form post:
// no JavaScript needed. Lookups and bookings are rate limited per address, as /manage's are. A
// Spanish place's offer opens /es/waitlist, in Spanish ('Reservar este horario',
// docs/product.md#languages). A time of a protected service asks what the booking form asks
// (docs/payments.md#waitlist-offers): the policy, 'I agree to the cancellation policy', and
// Stripe's Checkout after 'Book This Time'.
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
      /** Booked, and its Checkout still open, or closed unpaid (the time released). */
      payment?:
        | { state: "waiting"; until: string; checkoutUrl: string | null }
        | { state: "released" };
      /** Someone else took it: back in line. */
      taken: boolean;
      past: boolean;
      /** The cancellation policy she agrees to, when a service of the visit is protected. */
      policy?: string[];
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
  const open = !offer.booked && !offer.taken && offer.startsAt.getTime() > Date.now();
  const protection = open ? await protectionOfItems(context.db, offer.items, locale) : undefined;
  const paid = offer.bookedVisitId
    ? await findPaidVisitById(context.db, offer.bookedVisitId, new Date(), locale)
    : undefined;
  const payment =
    paid?.state === "waiting"
      ? { payment: { state: paid.state, until: paid.until, checkoutUrl: paid.checkoutUrl } }
      : paid?.state === "released"
        ? { payment: { state: paid.state } }
        : {};
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
      ...(protection ? { policy: protection.policy } : {}),
      ...payment,
    } as Offer,
    { headers: PRIVATE },
  );
});

type Answer =
  | { ok: true; dateString: string; email: string }
  | { ok: false; message: string; callUs?: true; agree?: string };

/** The emailed link's token, posted back by the page's button, and her agreement if asked. */
const TokenForm = textFields("token", AGREE_FIELD);

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const answer = (body: Answer, status: number, headers: Record<string, string> = {}) =>
    data(body, { status, headers: { ...PRIVATE, ...headers } });
  const post = await readLinkForm(request, TokenForm, locale);
  if (!post.ok) return post.answer;
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
  const siteUrl = context.siteUrl;
  const prepared = await prepareOffer(context.db, post.fields.token ?? "", {
    siteUrl,
    online: { maxUpcoming: bookingPolicy().maxUpcoming },
  });
  const agreement = {
    agreed: Boolean(post.fields[AGREE_FIELD]),
    clientIp: context.clientIp ?? context.clientAddress,
    userAgent: request.headers.get("User-Agent") ?? undefined,
  };
  // As the public form books: a protected visit is kept 'Awaiting payment' and goes to Checkout.
  const result = prepared.ok
    ? await prepared.book((visit, booking) =>
        bookOnlineVisit(context.db, visit, { ...booking, siteUrl }, agreement),
      )
    : prepared;
  if (result.ok && result.checkout) {
    // The return page, which links to Stripe's (a form's redirect to another site would break
    // the pages' `form-action 'self'`), as the booking form's does without JavaScript.
    const session = new URLSearchParams({ session: result.checkout.sessionId });
    return redirect(`${localizedPath("/schedule/paid", locale)}?${session}`, {
      status: 303,
      headers: PRIVATE,
    });
  }
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
  if (result.kind === "invalid" && result.fieldErrors[AGREE_FIELD]) {
    const agree = m.booking_agree_required({}, { locale });
    return answer({ ok: false, message: agree, agree }, 400);
  }
  if (result.kind === "checkout-failed") {
    const message = m.booking_checkout_failed({ phone: salonPhone }, { locale });
    return answer({ ok: false, message, callUs: true }, 503);
  }
  return answer({ ok: false, message: m.offer_gone({}, { locale }) }, 409);
}

export const headers: Route.HeadersFunction = emailedLinkHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, m.offer_title({}, { locale: localeOfMatches(matches) }));

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  const offer = loaderData;
  const locale = useLocale();
  const notice = bookedNotice(actionData, locale);
  return (
    <EmailedLinkPage
      eyebrow={m.link_waitlist({}, { locale })}
      heading={m.offer_heading({}, { locale })}
      notice={notice && !(actionData && !actionData.ok && actionData.agree) ? notice : null}
      card={
        offer.state === "found"
          ? {
              id: "offer-title",
              title: offer.service,
              details: [[m.manage_when({}, { locale }), offer.when]],
              action: (
                <OfferAction
                  offer={offer}
                  booked={offer.booked || actionData?.ok === true}
                  agreeError={actionData && !actionData.ok ? actionData.agree : undefined}
                />
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

/**
 * Booked (a protected one: kept while she pays, or its time to pay over), taken by someone else,
 * passed, or 'Book This Time' (a protected one's policy first).
 */
function OfferAction({
  offer,
  booked,
  agreeError,
}: {
  offer: Extract<Offer, { state: "found" }>;
  booked: boolean;
  agreeError: string | undefined;
}) {
  const business = useSalon();
  const locale = useLocale();
  const phone = <a href={`tel:${business.phoneE164}`}>{business.phone}</a>;
  if (offer.payment?.state === "waiting") {
    const text = m.offer_paying({ until: offer.payment.until }, { locale });
    return <WaitingForPayment text={text} checkoutUrl={offer.payment.checkoutUrl} />;
  }
  if (offer.payment?.state === "released") return <p>{m.paid_released_text({}, { locale })}</p>;
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
      {offer.policy ? (
        <PaymentAgreement
          policy={offer.policy}
          error={agreeError}
          id="offer-agree"
          note={m.offer_to_payment({}, { locale })}
        />
      ) : null}
      <input type="hidden" name="token" value={offer.token} />
      <button type="submit" className="button">
        {m.offer_button({}, { locale })}
      </button>
    </Form>
  );
}
