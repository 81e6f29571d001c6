import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { ActionError } from "./action-error";
import { laterDay } from "./appointments-table";
import { noEmail } from "./no-email";
import type { AdminAppointmentView, ScheduleAdminActionResult } from "./schedule-admin-types";
import { checkRequired, fieldHelpers, formFieldErrors, StaffDialog } from "./staff-dialog";
import { DayServiceTechnicianFields, TimeField, timesPrompt, useTimeChoice } from "./time-choice";
import { useActionFeedback } from "./use-action-feedback";

interface MoveDialogProps {
  appointment: AdminAppointmentView;
  types: AppointmentTypeView[];
  /** The listed day (the page reloads it after the move). */
  date: string;
  today: string;
  onClose(): void;
  /** Once it is moved, before the page shows it. */
  onMoved?(): void;
}

/**
 * 'Move': another date, time, technician or service for an appointment, from the same free times as
 * online booking (its own time counting as free). The customer is emailed the new time with a
 * calendar update.
 */
export function MoveDialog(props: MoveDialogProps) {
  const { appointment, types, date, today, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const choice = useTimeChoice(
    types,
    {
      day: laterDay(appointment.dateIso, today),
      service: appointment.typeId ?? "",
      technician: appointment.technician,
    },
    appointment.id,
  );
  const [missing, setMissing] = useState<string[]>([]);
  const move = useFetcher<ScheduleAdminActionResult>();
  const failed = move.data && !move.data.ok ? move.data : undefined;
  const { attrs, error } = fieldHelpers("move", formFieldErrors(failed?.fieldErrors), missing);
  const started = useActionFeedback(move, {
    date,
    onSuccess: () => {
      props.onMoved?.();
      dialog.current?.close();
    },
    onFailure: (result) => {
      if (result && !result.fieldErrors) choice.loadTimes();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (checkRequired(event, ["date", "service", "slot"], "move", setMissing)) started();
  }

  return (
    <StaffDialog
      dialog={dialog}
      titleId="move-title"
      title="Move this appointment"
      size="wide"
      onClose={onClose}
    >
      <p className="modal__when">
        <span>{appointment.name}</span>
        <span>
          Now: {appointment.typeName}, {appointment.startLabel} with {appointment.technician}
        </span>
      </p>
      <p className="modal__service">
        {appointment.email
          ? `${appointment.name} gets an email with the new time and a calendar update.`
          : noEmail(appointment, "give the new time")}
      </p>
      <move.Form method="post" noValidate onSubmit={onSubmit} className="add-form">
        <input type="hidden" name="id" value={appointment.id} />
        <DayServiceTechnicianFields
          choice={choice}
          today={today}
          technicians={choice.selected?.technicians ?? []}
          attrs={attrs}
          error={error}
        />
        <TimeField
          choice={choice}
          attrs={attrs}
          error={error}
          defaultSlot={appointment.startsAt}
          prompt={timesPrompt(choice)}
        />
        <ActionError fetcher={move} />
        <button type="submit" name="intent" value="move" className="button">
          Move Appointment
        </button>
      </move.Form>
    </StaffDialog>
  );
}
