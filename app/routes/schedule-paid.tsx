import { data, Form } from "react-router";
import { EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { WaitingForPayment } from "~/components/manage/waiting-for-payment";
import type { Locale } from "~/domain/i18n/locale";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { useLocale } from "~/lib/i18n";
import { RELOAD_SECONDS, returnPageMeta } from "~/lib/meta";
import {
  EMAILED_LINK_HEADERS,
  emailedLinkHeaders,
  emailedLinkLimit,
  type RouteHandle,
} from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import {
  findPaidVisit,
  findPaidVisitByBack,
  type PaidView,
} from "~/services/booking/paid-view.server";
import { readsQuery } from "~/services/platform/query.server";
import type { Route } from "./+types/schedule-paid";
import { type PaidBackAnswer, paidBackAction } from "./schedule-paid-action.server";

// Where Stripe's Checkout sends a visitor back (/schedule/paid?session=..., docs/payments.md#booking),
// and where the booking form without JavaScript goes first. It never confirms: only Stripe's
// webhook does. It says 'Your appointment is booked' with the deposit or card once that came,
// 'Waiting for your payment' until then (and reloads itself every few seconds), or that the
// time to pay is over. Lookups are limited per client, as the emailed links' are. A Spanish
// booking returns to /es/schedule/paid, all in Spanish ('Su cita está reservada', 'Esperando su
// pago'; docs/product.md#languages).
export const handle = {
  styles: ["forms", "manage"],
  rateLimit: emailedLinkLimit("bookingConfirmLookup"),
} satisfies RouteHandle;

type Paid = PaidView | { state: "not-found" | "limited" };

/** What it reads of its address (docs/security.md#queries). */
const PaidQuery = z.object({ session: queryLine(300), back: queryLine(100) });

export const loader = readsQuery(
  PaidQuery,
  async ({ request, context }: Route.LoaderArgs, read) => {
    if (!read.ok) throw data("This address could not be read.", { status: 400 });
    const locale = localeOfPath(new URL(request.url).pathname);
    const { session, back } = read.data;
    const found = back
      ? await findPaidVisitByBack(context.db, back, new Date(), locale)
      : await findPaidVisit(context.db, session ?? "", new Date(), locale);
    if (!found) {
      return data({ state: "not-found" } as Paid, { status: 404, headers: EMAILED_LINK_HEADERS });
    }
    return data(found as Paid, { headers: EMAILED_LINK_HEADERS });
  },
);

export const action = paidBackAction;

export const headers: Route.HeadersFunction = emailedLinkHeaders;

/** The page's heading (and title) for each state. */
function headingOf(state: Paid["state"], locale: Locale): string {
  const heading = {
    booked: m.paid_booked,
    waiting: m.paid_waiting,
    back: m.paid_back_title,
    released: m.paid_released,
    "not-found": m.confirm_missing_title,
    limited: m.confirm_missing_title,
  }[state];
  return heading({}, { locale });
}

export const meta: Route.MetaFunction = returnPageMeta(headingOf);

export default function SchedulePaid({ loaderData: paid, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const when = m.manage_when({}, { locale });
  const answer = actionData as PaidBackAnswer | undefined;
  return (
    <EmailedLinkPage
      eyebrow={m.confirm_eyebrow({}, { locale })}
      heading={headingOf(paid.state, locale)}
      notice={answer ? { ok: false, text: answer.message } : null}
      card={
        "services" in paid
          ? {
              id: "paid-title",
              title: paid.services,
              details:
                paid.state === "booked"
                  ? [
                      [when, paid.when],
                      [m.paid_payment({}, { locale }), paid.payment],
                    ]
                  : [[when, paid.when]],
              action: <PaidState paid={paid} />,
              // Back from Checkout, 'Choose Another Time' is that choice, and frees her time too.
              otherTimes: paid.state !== "back",
            }
          : {
              missing: {
                limited: paid.state === "limited",
                title: m.confirm_missing_title({}, { locale }),
                text: m.paid_missing_text({}, { locale }),
              },
            }
      }
    />
  );
}

function PaidState({ paid }: { paid: PaidView }) {
  const locale = useLocale();
  if (paid.state === "booked") {
    return (
      <p role="status">
        {m.paid_emailed({ payment: paid.payment, email: paid.email }, { locale })}
      </p>
    );
  }
  if (paid.state === "released") return <p>{m.paid_released_text({}, { locale })}</p>;
  if (paid.state === "back") return <BackFromCheckout paid={paid} />;
  return (
    <WaitingForPayment
      text={m.paid_keeping({ until: paid.until, seconds: RELOAD_SECONDS }, { locale })}
      checkoutUrl={paid.checkoutUrl}
    />
  );
}

/** Back from Checkout unpaid: 'Continue to Payment', or 'Choose Another Time' (frees the time). */
function BackFromCheckout({ paid }: { paid: Extract<PaidView, { state: "back" }> }) {
  const locale = useLocale();
  return (
    <>
      <WaitingForPayment
        text={m.paid_back_text({ until: paid.until }, { locale })}
        checkoutUrl={paid.checkoutUrl}
      />
      <Form method="post" className="button-row">
        <input type="hidden" name="back" value={paid.token} />
        <button type="submit" className="button button--ghost">
          {m.paid_back_release({}, { locale })}
        </button>
      </Form>
    </>
  );
}
