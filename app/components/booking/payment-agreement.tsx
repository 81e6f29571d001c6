import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";

/**
 * A protected service's cancellation policy in the confirm dialog (docs/payments.md#booking) and
 * on a waitlist offer's page, with the required 'I agree to the cancellation policy': the
 * booking then goes on to Stripe's Checkout (`note` says so). Its mistake is said beside it, like
 * the typed fields'.
 */
export function PaymentAgreement({
  policy,
  error,
  id = "confirm-agree",
  note,
}: {
  policy: readonly string[];
  error: string | undefined;
  /** The checkbox's id, unique in its page. */
  id?: string;
  note?: string;
}) {
  const locale = useLocale();
  const errorId = `${id}-error`;
  return (
    <fieldset className="add-ons modal__payment" data-invalid={error ? true : undefined}>
      <legend>{m.booking_payment_policy({}, { locale })}</legend>
      {policy.map((sentence) => (
        <p key={sentence} className="modal__payment-text">
          {sentence}
        </p>
      ))}
      <label className="add-ons__item" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="agree"
          value="yes"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />{" "}
        {m.booking_agree({}, { locale })}
      </label>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      <p className="modal__policy">{note ?? m.booking_to_payment({}, { locale })}</p>
    </fieldset>
  );
}
