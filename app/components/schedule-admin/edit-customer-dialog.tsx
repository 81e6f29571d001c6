import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { displayPhone } from "~/domain/phone-display";
import { ActionError } from "./action-error";
import type { AdminAppointmentView, ScheduleAdminActionResult } from "./schedule-admin-types";
import { checkRequired, fieldHelpers, StaffDialog } from "./staff-dialog";
import { useActionFeedback } from "./use-action-feedback";

interface EditCustomerDialogProps {
  appointment: AdminAppointmentView;
  /** The listed day (the page reloads it after the change). */
  date: string;
  onClose(): void;
}

/** 'Edit Customer': the name, email and phone on an appointment, under the booking form's rules. */
export function EditCustomerDialog({ appointment, date, onClose }: EditCustomerDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const edit = useFetcher<ScheduleAdminActionResult>();
  const failed = edit.data && !edit.data.ok ? edit.data : undefined;
  const { attrs, error } = fieldHelpers("customer", failed?.fieldErrors ?? {}, missing);
  const started = useActionFeedback(edit, {
    date,
    onSuccess: () => dialog.current?.close(),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (checkRequired(event, ["name", "email"], "customer", setMissing)) started();
  }

  return (
    <StaffDialog dialog={dialog} titleId="customer-title" title="Edit customer" onClose={onClose}>
      <p className="modal__service">
        {appointment.typeName}, {appointment.startLabel} with {appointment.technician}.
      </p>
      <edit.Form method="post" noValidate onSubmit={onSubmit} className="add-form">
        <input type="hidden" name="id" value={appointment.id} />
        {(
          [
            ["name", "Name", "text", 100, appointment.name],
            ["email", "Email", "email", 254, appointment.email ?? ""],
            ["phone", "Phone", "tel", 30, appointment.phone ? displayPhone(appointment.phone) : ""],
          ] as const
        ).map(([name, label, type, maxLength, value]) => (
          <div className="field" key={name}>
            <label htmlFor={`customer-${name}`}>{label}</label>
            <input
              {...attrs(name)}
              type={type}
              maxLength={maxLength}
              defaultValue={value}
              autoComplete="off"
            />
            {error(name)}
          </div>
        ))}
        <ActionError fetcher={edit} />
        <button type="submit" name="intent" value="edit-customer" className="button">
          Save Customer
        </button>
      </edit.Form>
    </StaffDialog>
  );
}
