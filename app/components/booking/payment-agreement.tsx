import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";

/**
 * A protected service's cancellation policy in the confirm dialog (docs/payments.md#booking),
 * with the required 'I agree to the cancellation policy': 'Confirm Date/Time' then goes on to
 * Stripe's Checkout. Its mistake is said beside it, like the typed fields'.
 */
export function PaymentAgreement({
  policy,
  error,
}: {
  policy: readonly string[];
  error: string | undefined;
}) {
  const locale = useLocale();
  return (
    <fieldset className="add-ons modal__payment" data-invalid={error ? true : undefined}>
      <legend>{m.booking_payment_policy({}, { locale })}</legend>
      {policy.map((sentence) => (
        <p key={sentence} className="modal__payment-text">
          {sentence}
        </p>
      ))}
      <label className="add-ons__item" htmlFor="confirm-agree">
        <input
          id="confirm-agree"
          type="checkbox"
          name="agree"
          value="yes"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "confirm-agree-error" : undefined}
        />{" "}
        {m.booking_agree({}, { locale })}
      </label>
      {error ? (
        <p className="field__error" id="confirm-agree-error">
          {error}
        </p>
      ) : null}
      <p className="modal__policy">{m.booking_to_payment({}, { locale })}</p>
    </fieldset>
  );
}
