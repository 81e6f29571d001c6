import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  type HoursField,
  hoursFieldName,
  hoursFormValues,
} from "~/domain/booking/technician-hours";
import { WEEKDAYS } from "~/domain/booking/time-zone";
import { useSalon } from "~/lib/salon";
import type { TechnicianView } from "~/services/salon/team.server";
import { Field } from "../field";
import { ActionError } from "./action-error";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { StaffDialog } from "./staff-dialog";
import { useActionFeedback } from "./use-action-feedback";

const COLUMNS: { field: HoursField; label: string }[] = [
  { field: "start", label: "start" },
  { field: "end", label: "end" },
  { field: "breakStart", label: "break start" },
  { field: "breakEnd", label: "break end" },
  { field: "break2Start", label: "second break start" },
  { field: "break2End", label: "second break end" },
];

/** Adds a technician, or renames one and sets her week: a start and end per day, and breaks. */
export function TechnicianDialog({
  technician,
  onClose,
}: {
  technician?: TechnicianView;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const started = useActionFeedback(fetcher, {
    onSuccess: () => dialog.current?.close(),
    onFailure: (result) => setErrors(result?.fieldErrors ?? {}),
  });
  // A new technician starts from the salon's opening hours.
  const salonWeek = useSalon().hours;
  const values = hoursFormValues(technician?.hours ?? salonWeek);
  const title = technician ? `Edit ${technician.name}` : "Add Technician";
  return (
    <StaffDialog
      dialog={dialog}
      titleId="technician-title"
      title={title}
      size="hours"
      onClose={onClose}
    >
      <fetcher.Form method="post" noValidate onSubmit={started} className="form">
        <input
          type="hidden"
          name="intent"
          value={technician ? "update-technician" : "add-technician"}
        />
        {technician ? <input type="hidden" name="id" value={technician.id} /> : null}
        <Field id="team-name" label="Technician name" invalid={!!errors.name} error={errors.name}>
          <input
            id="team-name"
            name="name"
            required
            maxLength={40}
            autoComplete="off"
            defaultValue={technician?.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? "team-name-error" : undefined}
          />
        </Field>
        <p className="hours-days__intro" id="team-hours-intro">
          Working hours: leave a day empty when she does not work. Up to two breaks a day, both
          optional.
        </p>
        <WeekHours values={values} errors={errors} />
        <ErrorLine name="form" errors={errors} />
        <ActionError fetcher={fetcher} />
        <div className="button-row">
          <button type="submit" className="button">
            Save Technician
          </button>
        </div>
      </fetcher.Form>
    </StaffDialog>
  );
}

/** Her week: per day a start and an end, and two breaks, each a quarter-hour time field. */
function WeekHours({
  values,
  errors,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <div className="hours-days">
      {WEEKDAYS.map((day) => (
        <div key={day} className="hours-day">
          <span className="hours-day__name">{day}</span>
          {COLUMNS.map(({ field, label }) => {
            const name = hoursFieldName(day, field);
            return (
              <label key={field} className="hours-day__field">
                <span aria-hidden="true">{label[0]?.toUpperCase() + label.slice(1)}</span>
                <input
                  type="time"
                  name={name}
                  aria-label={`${day} ${label}`}
                  defaultValue={values[name]}
                  step={900}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `team-${name}-error` : undefined}
                />
                <ErrorLine name={name} errors={errors} />
              </label>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** The server's refusal of one field (or of the form), linked from the field it names. */
function ErrorLine({ name, errors }: { name: string; errors: Record<string, string> }) {
  return errors[name] ? (
    <p className="field__error" id={`team-${name}-error`}>
      {errors[name]}
    </p>
  ) : null;
}
