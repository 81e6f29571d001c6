import { useEffect, useRef } from "react";
import { useSalon } from "~/lib/salon";

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
            <h2 id="confirmed-title">Please Confirm by Email</h2>
            <p className="modal__when">{dateString}</p>
            <p>
              We are keeping this time for you for 15 minutes. We sent an email
              {email ? ` to ${email}` : ""}: open it and press 'Confirm Booking' to book it.
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
  return (
    <>
      <h2 id="confirmed-title">Appointment Confirmed</h2>
      <p className="modal__when">{dateString}</p>
      <p>
        Thank you for scheduling with us. An email with all the details will be sent
        {email ? ` to ${email}` : ""} shortly.
      </p>
      <p>
        Please arrive {business.arriveEarlyMinutes} minutes before your time so you do not lose your
        place in line.
      </p>
    </>
  );
}
