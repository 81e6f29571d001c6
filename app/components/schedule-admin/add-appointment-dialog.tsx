import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AppointmentTypeView } from "~/services/bookings/appointment-types.server";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { checkRequired, fieldHelpers, formFieldErrors, StaffDialog } from "./staff-dialog";
import { TimeFields, useTimeChoice } from "./time-choice";
import { useActionFeedback } from "./use-action-feedback";

interface AddAppointmentDialogProps {
  types: AppointmentTypeView[];
  /** The listed day: the dialog starts on it (or today, if it has passed). */
  date: string;
  today: string;
  onClose(): void;
}

/**
 * 'Add Appointment' for a customer who phoned: the same steps, rules and free times as online
 * booking (the server books it with bookAppointment, under the same no-overlap constraint).
 */
export function AddAppointmentDialog({ types, date, today, onClose }: AddAppointmentDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const choice = useTimeChoice(
    types,
    { day: date < today ? today : date, service: "", worker: "any" },
    date,
  );
  const [missing, setMissing] = useState<string[]>([]);
  const booking = useFetcher<ScheduleAdminActionResult>();
  const failed = booking.data && !booking.data.ok ? booking.data : undefined;
  const { attrs, error } = fieldHelpers("add", formFieldErrors(failed?.fieldErrors), missing);
  const started = useActionFeedback(booking, {
    date,
    onSuccess: () => dialog.current?.close(),
    onFailure: (result) => {
      // Taken meanwhile: offer what is still free.
      if (result && !result.fieldErrors) choice.loadTimes();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (checkRequired(event, ["date", "service", "slot", "name", "email"], "add", setMissing))
      started();
  }

  return (
    <StaffDialog
      dialog={dialog}
      titleId="add-title"
      title="Add an Appointment"
      size="wide"
      onClose={onClose}
    >
      <p className="modal__service">
        For a customer who phoned. They get the same confirmation email as an online booking.
      </p>
      <booking.Form method="post" noValidate onSubmit={onSubmit} className="add-form">
        <TimeFields choice={choice} today={today} attrs={attrs} error={error} />
        {(
          [
            ["name", "Name", "text", 100],
            ["email", "Email", "email", 254],
            ["phone", "Phone", "tel", 30],
          ] as const
        ).map(([name, label, type, maxLength]) => (
          <div className="field" key={name}>
            <label htmlFor={`add-${name}`}>{label}</label>
            <input {...attrs(name)} type={type} maxLength={maxLength} autoComplete="off" />
            {error(name)}
          </div>
        ))}
        <button type="submit" name="intent" value="book" className="button">
          Book Appointment
        </button>
      </booking.Form>
    </StaffDialog>
  );
}
