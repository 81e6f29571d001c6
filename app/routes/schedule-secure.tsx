import { ContinueToPayment } from "~/components/manage/continue-to-payment";
import { EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { WaitingForPayment } from "~/components/manage/waiting-for-payment";
import type { Locale } from "~/domain/i18n/locale";
import { emailedLinkLoader, type LinkShown } from "~/lib/emailed-link.server";
import { useLocale } from "~/lib/i18n";
import { RELOAD_SECONDS, returnPageMeta } from "~/lib/meta";
import { emailedLinkHeaders, emailedLinkLimit, type RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { findSecureVisit, type SecureView } from "~/services/payments/secure-checkout.server";
import type { Route } from "./+types/schedule-secure";
import { type SecureAnswer, secureAction } from "./schedule-secure-action.server";

// The link the desk's 'Secure Your Booking' email carries (/schedule/secure?token=...,
// docs/payments.md#secure-your-booking), and where Stripe's Checkout sends her back
// (?session=...): her visit, the cancellation policy with the required 'I agree to the
// cancellation policy', and 'Continue to Card Payment'; back from Checkout, 'Waiting for your
// payment' until Stripe's webhook has recorded it, then 'Your booking is secured'. A plain page
// and a plain form post, in the page's language (/es/schedule/secure: all in Spanish). Lookups
// are limited per client address, as the other emailed links' are.
export const handle = {
  styles: ["forms", "manage"],
  rateLimit: emailedLinkLimit("secureBookingLookup"),
} satisfies RouteHandle;

type Secure = LinkShown<SecureView>;

export const loader = emailedLinkLoader(findSecureVisit);

export const action = secureAction;

export const headers: Route.HeadersFunction = emailedLinkHeaders;

/** The page's heading (and title) for each state. */
function headingOf(state: Secure["state"], locale: Locale): string {
  const heading = {
    ask: m.secure_title,
    waiting: m.paid_waiting,
    unpaid: m.secure_title,
    secured: m.secure_done_title,
    "not-needed": m.secure_title,
    over: m.secure_title,
    "not-found": m.confirm_missing_title,
    limited: m.confirm_missing_title,
  }[state];
  return heading({}, { locale });
}

export const meta: Route.MetaFunction = returnPageMeta(headingOf);

export default function ScheduleSecure({ loaderData: secure, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const answer = actionData as SecureAnswer | undefined;
  const when = m.manage_when({}, { locale });
  return (
    <EmailedLinkPage
      eyebrow={m.confirm_eyebrow({}, { locale })}
      heading={headingOf(secure.state, locale)}
      notice={answer && !answer.agree ? { ok: false, text: answer.message } : null}
      card={
        "services" in secure
          ? {
              id: "secure-title",
              title: secure.services,
              details:
                secure.state === "secured"
                  ? [
                      [when, secure.when],
                      [m.paid_payment({}, { locale }), secure.payment],
                    ]
                  : [[when, secure.when]],
              action: <SecureState secure={secure} agreeError={answer?.agree} />,
            }
          : {
              missing: {
                limited: secure.state === "limited",
                title: m.confirm_missing_title({}, { locale }),
                text: m.secure_missing_text({}, { locale }),
              },
            }
      }
    />
  );
}

function SecureState({ secure, agreeError }: { secure: SecureView; agreeError?: string }) {
  const locale = useLocale();
  switch (secure.state) {
    case "secured":
      return <p role="status">{m.secure_done({ payment: secure.payment }, { locale })}</p>;
    case "not-needed":
      return <p>{m.secure_not_needed({}, { locale })}</p>;
    case "over":
      return <p>{m.secure_over({}, { locale })}</p>;
    case "unpaid":
      return <p>{m.secure_unpaid({}, { locale })}</p>;
    case "waiting":
      return (
        <WaitingForPayment
          text={m.secure_ready({ seconds: RELOAD_SECONDS }, { locale })}
          checkoutUrl={secure.checkoutUrl}
        />
      );
    case "ask":
      return <AgreeForm secure={secure} error={agreeError} />;
  }
}

/** The policy and 'I agree to the cancellation policy' (required), before 'Continue to Card Payment'. */
function AgreeForm({
  secure,
  error,
}: {
  secure: Extract<SecureView, { state: "ask" }>;
  error: string | undefined;
}) {
  const locale = useLocale();
  return (
    <ContinueToPayment token={secure.token}>
      <p>{secure.asks}</p>
      <fieldset className="add-ons" data-invalid={error ? true : undefined}>
        <legend>{m.booking_payment_policy({}, { locale })}</legend>
        {secure.policy.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
        <label className="add-ons__item" htmlFor="secure-agree">
          <input
            id="secure-agree"
            type="checkbox"
            name="agree"
            value="yes"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "secure-agree-error" : undefined}
          />{" "}
          {m.booking_agree({}, { locale })}
        </label>
        {error ? (
          <p className="field__error" id="secure-agree-error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
    </ContinueToPayment>
  );
}
