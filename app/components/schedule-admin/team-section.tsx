import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { business, type Weekday } from "~/content/business";
import {
  describeWeeklyHours,
  type HoursField,
  hoursFieldName,
  hoursFormValues,
  type WeeklyHours,
} from "~/domain/booking/technician-hours";
import { WEEKDAYS } from "~/domain/booking/time-zone";
import type { TechnicianView } from "~/services/salon/team.server";
import { Field } from "../field";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { StaffDialog } from "./staff-dialog";
import { useActionFeedback } from "./use-action-feedback";

interface TeamSectionProps {
  team: TechnicianView[];
  /** The listed day (the page reloads it after a change). */
  date: string;
}

/** The salon's opening hours as a week: what a new technician starts from. */
const SALON_WEEK: WeeklyHours = Object.fromEntries(
  WEEKDAYS.flatMap((day) => {
    const open = business.hours.find((entry) => (entry.days as readonly Weekday[]).includes(day));
    return open ? [[day, [{ start: open.opens, end: open.closes }]]] : [];
  }),
);

/**
 * 'Team' (docs/product.md#team): the technicians, each with her working week (up to two breaks a day),
 * the services she performs and any upcoming appointment now outside her hours, to call about.
 * Add, edit (rename, hours), deactivate and reactivate; nothing here moves an appointment.
 */
export function TeamSection({ team, date }: TeamSectionProps) {
  const [editing, setEditing] = useState<TechnicianView | "new" | null>(null);
  return (
    <section aria-labelledby="team-title" className="staff-section">
      <div className="section-head">
        <h2 id="team-title">Team</h2>
        <button type="button" className="button" onClick={() => setEditing("new")}>
          Add Technician
        </button>
      </div>
      <p className="staff-section__intro">
        Each technician is offered only within her working hours. Changing hours never moves a
        booked appointment: any that fall outside them are listed here, to call those customers.
      </p>
      {team.length === 0 ? (
        <p className="day-empty">No technicians yet.</p>
      ) : (
        <ul className="team-list" aria-label="Technicians">
          {team.map((technician) => (
            <TechnicianRow
              key={technician.id}
              technician={technician}
              date={date}
              onEdit={() => setEditing(technician)}
            />
          ))}
        </ul>
      )}
      {editing ? (
        <TechnicianDialog
          technician={editing === "new" ? undefined : editing}
          date={date}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function TechnicianRow({
  technician,
  date,
  onEdit,
}: {
  technician: TechnicianView;
  date: string;
  onEdit(): void;
}) {
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const started = useActionFeedback(fetcher, { date });
  const { name, active, hours, services, outsideHours } = technician;
  return (
    <li className="team-member" data-inactive={!active || undefined}>
      <div className="team-member__head">
        <div>
          <p className="team-member__name">
            <strong>{name}</strong>
            {active ? null : <span className="badge">Inactive</span>}
          </p>
          <p className="team-member__hours">
            {hours ? describeWeeklyHours(hours) : "Works the salon's opening hours"}
          </p>
          <p className="team-member__services">
            {services.length > 0 ? `Performs: ${services.join(", ")}` : "No services yet."}
          </p>
        </div>
        <div className="button-row">
          {active ? (
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={`Edit ${name}`}
              onClick={onEdit}
            >
              Edit
            </button>
          ) : null}
          <fetcher.Form method="post" onSubmit={started}>
            <input
              type="hidden"
              name="intent"
              value={active ? "deactivate-technician" : "reactivate-technician"}
            />
            <input type="hidden" name="id" value={technician.id} />
            <button
              type="submit"
              className="button button--ghost button--small"
              aria-label={`${active ? "Deactivate" : "Reactivate"} ${name}`}
            >
              {active ? "Deactivate" : "Reactivate"}
            </button>
          </fetcher.Form>
        </div>
      </div>
      {outsideHours.length > 0 ? (
        <div className="closed-day__affected">
          <p>
            <strong>
              {outsideHours.length} booked{" "}
              {outsideHours.length === 1 ? "appointment" : "appointments"}{" "}
              {active ? "outside her hours" : "with her"} to look at:
            </strong>
          </p>
          <ul>
            {outsideHours.map((appointment) => (
              <li key={appointment.id}>
                {appointment.when} {appointment.name}, {appointment.typeName}:{" "}
                {appointment.phone ? (
                  <a href={`tel:${appointment.phone.replace(/[^0-9+]/g, "")}`}>
                    {appointment.phone}
                  </a>
                ) : (
                  "No Phone"
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

const COLUMNS: { field: HoursField; label: string }[] = [
  { field: "start", label: "start" },
  { field: "end", label: "end" },
  { field: "breakStart", label: "break start" },
  { field: "breakEnd", label: "break end" },
  { field: "break2Start", label: "second break start" },
  { field: "break2End", label: "second break end" },
];

/** Adds a technician, or renames one and sets her week: a start and end per day, and breaks. */
function TechnicianDialog({
  technician,
  date,
  onClose,
}: {
  technician?: TechnicianView;
  date: string;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const started = useActionFeedback(fetcher, {
    date,
    onSuccess: () => dialog.current?.close(),
    onFailure: (result) => setErrors(result?.fieldErrors ?? {}),
  });
  const values = hoursFormValues(technician ? (technician.hours ?? SALON_WEEK) : SALON_WEEK);
  const title = technician ? `Edit ${technician.name}` : "Add Technician";
  const errorOf = (name: string) =>
    errors[name] ? (
      <p className="field__error" id={`team-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
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
                    {errorOf(name)}
                  </label>
                );
              })}
            </div>
          ))}
        </div>
        {errorOf("form")}
        <div className="button-row">
          <button type="submit" className="button">
            Save Technician
          </button>
        </div>
      </fetcher.Form>
    </StaffDialog>
  );
}
