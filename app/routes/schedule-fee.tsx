import { ContinueToPayment } from "~/components/manage/continue-to-payment";
import { EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { WaitingForPayment } from "~/components/manage/waiting-for-payment";
import type { Locale } from "~/domain/i18n/locale";
import { emailedLinkLoader, type LinkShown } from "~/lib/emailed-link.server";
import { useLocale } from "~/lib/i18n";
import { RELOAD_SECONDS, returnPageMeta } from "~/lib/meta";
import { emailedLinkHeaders, emailedLinkLimit, type RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { type FeeLinkView, findFeeLink } from "~/services/payments/fee-link-page.server";
import type { Route } from "./+types/schedule-fee";
import { type FeeLinkAnswer, feeLinkAction } from "./schedule-fee-action.server";

// The link emailed when the bank asks the customer to approve a fee herself
// (/schedule/fee?token=..., docs/payments.md#fee-link), and where Stripe's Checkout sends her back
// (?session=...): her visit, which fee and its amount, the cancellation policy she agreed to, and
// 'Continue to Card Payment'; back from Checkout, 'Waiting for your payment' until Stripe's
// webhook has recorded it, then 'Your payment is received'. A plain page and a plain form post, in
// the page's language (/es/schedule/fee: all in Spanish). Lookups are limited per client address,
// as the other emailed links' are.
export const handle = {
  styles: ["forms", "manage"],
  rateLimit: emailedLinkLimit("feeLinkLookup"),
} satisfies RouteHandle;

type FeeLink = LinkShown<FeeLinkView>;

export const loader = emailedLinkLoader(findFeeLink);

export const action = feeLinkAction;

export const headers: Route.HeadersFunction = emailedLinkHeaders;

/** The page's heading (and title) for each state. */
function headingOf(state: FeeLink["state"], locale: Locale): string {
  const heading = {
    ask: m.fee_title,
    waiting: m.paid_waiting,
    unpaid: m.fee_title,
    paid: m.fee_paid_title,
    "not-due": m.fee_title,
    expired: m.fee_title,
    "not-found": m.fee_title,
    limited: m.fee_title,
  }[state];
  return heading({}, { locale });
}

export const meta: Route.MetaFunction = returnPageMeta(headingOf);

export default function ScheduleFee({ loaderData: link, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const answer = actionData as FeeLinkAnswer | undefined;
  return (
    <EmailedLinkPage
      eyebrow={m.paid_payment({}, { locale })}
      heading={headingOf(link.state, locale)}
      notice={answer ? { ok: false, text: answer.message } : null}
      card={
        "services" in link
          ? {
              id: "fee-title",
              title: link.services,
              details: [
                [m.manage_when({}, { locale }), link.when],
                [m.fee_label({}, { locale }), link.fee],
              ],
              action: <FeeLinkState link={link} />,
            }
          : {
              missing: {
                limited: link.state === "limited",
                title: m.fee_title({}, { locale }),
                text: m.fee_missing_text({}, { locale }),
              },
            }
      }
    />
  );
}

function FeeLinkState({ link }: { link: FeeLinkView }) {
  const locale = useLocale();
  switch (link.state) {
    case "paid":
      return <p role="status">{m.fee_paid({}, { locale })}</p>;
    case "not-due":
      return <p>{m.fee_not_due({}, { locale })}</p>;
    case "expired":
      return <p>{m.fee_expired({}, { locale })}</p>;
    case "unpaid":
      return <p>{m.secure_unpaid({}, { locale })}</p>;
    case "waiting":
      return (
        <WaitingForPayment
          text={m.fee_ready({ seconds: RELOAD_SECONDS }, { locale })}
          checkoutUrl={link.checkoutUrl}
        />
      );
    case "ask":
      return (
        <ContinueToPayment token={link.token}>
          <p>{m.fee_ask({ amount: link.amount }, { locale })}</p>
          <section className="add-ons" aria-labelledby="fee-policy">
            <h3 id="fee-policy">{m.fee_policy({}, { locale })}</h3>
            {link.policy.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </section>
        </ContinueToPayment>
      );
  }
}
