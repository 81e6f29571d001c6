import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { CloseIcon } from "../icons";
import { ActionError } from "./action-error";
import { noEmail } from "./no-email";
import type { AdminAppointmentView, ScheduleAdminActionResult } from "./schedule-admin-types";
import { useActionFeedback } from "./use-action-feedback";

interface CancelDialogProps {
  appointment: AdminAppointmentView;
  dateLabel: string;
  date: string;
  onClose(): void;
  /** Once the day is shown without it. */
  onCancelled?(): void;
}

/**
 * A small confirm before an appointment is cancelled: the customer is emailed at once, or, booked
 * without an email, told nothing by the salon (issue 38: nothing promises her an email).
 */
export function CancelDialog(props: CancelDialogProps) {
  const { appointment, dateLabel, date, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const started = useActionFeedback(fetcher, {
    date,
    onSuccess: () => dialog.current?.close(),
    onShown: () => props.onCancelled?.(),
  });

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is native to <dialog>; this is the backdrop.
    <dialog
      ref={dialog}
      className="modal modal--small"
      aria-labelledby="cancel-title"
      aria-describedby="cancel-details"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="modal__panel">
        <div className="modal__top">
          <h2 id="cancel-title">Cancel this appointment?</h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close"
            onClick={() => dialog.current?.close()}
          >
            <CloseIcon />
          </button>
        </div>
        <div id="cancel-details">
          <p className="modal__when">
            <span>{appointment.name}</span>
            <span>
              {dateLabel} @ {appointment.startLabel} with {appointment.technician}
            </span>
          </p>
          <p className="modal__service">
            {appointment.email
              ? `${appointment.typeName}. ${appointment.name} gets a cancellation email, and the time is offered again at once.`
              : `${appointment.typeName}. ${noEmail(appointment, "say it is cancelled")} The time is offered again at once.`}
          </p>
        </div>
        <ActionError fetcher={fetcher} />
        <fetcher.Form method="post" onSubmit={started} className="button-row modal__actions">
          <input type="hidden" name="id" value={appointment.id} />
          <button type="submit" name="intent" value="cancel" className="button button--danger">
            Cancel appointment
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => dialog.current?.close()}
          >
            Keep it
          </button>
        </fetcher.Form>
      </div>
    </dialog>
  );
}
