import { useEffect, useRef } from "react";
import { useLocale } from "~/lib/i18n";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";

/** 'Appointment Confirmed' (spec step 6): shown for 4 s before the page reloads. */
export function ConfirmedModal(props: {
  dateString: string;
  /** Where the email goes (unknown on the page a booking without JavaScript comes back to). */
  email?: string;
  /** The answer of a post without JavaScript: open in the HTML itself. */
  fromAddress?: boolean;
  /** Kept for the customer to confirm from the email (docs/product.md#pending-bookings). */
  pending?: boolean;
}) {
  const { dateString, email } = props;
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element?.open) element.removeAttribute("open");
    element?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal modal--confirmed"
      open={props.fromAddress ? true : undefined}
      aria-labelledby="confirmed-title"
    >
      <div className="modal__panel">
        {props.pending ? (
          <>
            <h2 id="confirmed-title">{m.booking_pending_title({}, { locale })}</h2>
            <p className="modal__when">{dateString}</p>
            <p>
              {m.booking_pending_text(
                { to: email ? m.booking_to_email({ email }, { locale }) : "" },
                { locale },
              )}
            </p>
          </>
        ) : (
          <Confirmed dateString={dateString} email={email} />
        )}
      </div>
    </dialog>
  );
}

function Confirmed({ dateString, email }: { dateString: string; email?: string | undefined }) {
  const business = useSalon();
  const locale = useLocale();
  return (
    <>
      <h2 id="confirmed-title">{m.booking_confirmed_title({}, { locale })}</h2>
      <p className="modal__when">{dateString}</p>
      <p>
        {m.booking_confirmed_text(
          { to: email ? m.booking_to_email({ email }, { locale }) : "" },
          { locale },
        )}
      </p>
      <p>{m.booking_arrive({ minutes: business.arriveEarlyMinutes }, { locale })}</p>
    </>
  );
}
