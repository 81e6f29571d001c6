import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";

/**
 * A return page's 'Waiting for your payment' (docs/payments.md): what it says, and 'Continue to
 * Payment' back to Stripe's page while her Checkout is open.
 */
export function WaitingForPayment({
  text,
  checkoutUrl,
}: {
  text: string;
  checkoutUrl: string | null;
}) {
  const locale = useLocale();
  return (
    <>
      <p role="status">{text}</p>
      {checkoutUrl ? (
        <p className="button-row">
          <a href={checkoutUrl} className="button">
            {m.paid_continue({}, { locale })}
          </a>
        </p>
      ) : null}
    </>
  );
}
