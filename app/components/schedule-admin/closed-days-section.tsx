import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { PhoneLink } from "~/components/phone-link";
import { Field } from "../field";
import { ActionError } from "./action-error";
import type { AdminClosedDayView, ScheduleAdminActionResult } from "./schedule-admin-types";
import { useActionFeedback } from "./use-action-feedback";

interface ClosedDaysSectionProps {
  closedDays: AdminClosedDayView[];
  technicians: string[];
  today: string;
}

/**
 * Holidays and days off: no times are offered on a closed date, nor with a technician on their day
 * off. Appointments booked before the day was closed stay booked and are listed under it, so
 * staff can call those customers.
 */
export function ClosedDaysSection({ closedDays, technicians, today }: ClosedDaysSectionProps) {
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const started = useActionFeedback(fetcher, {
    onSuccess: () => {
      form.current?.reset();
      setErrors({});
    },
    onFailure: (result) => setErrors(result?.fieldErrors ?? {}),
  });

  return (
    <section aria-labelledby="closed-title" className="staff-section">
      <div className="section-head">
        <h2 id="closed-title">Closed Days</h2>
      </div>
      <p className="staff-section__intro">
        Give one technician a day off: she is not offered that day. Appointments already booked with
        her then are listed below it: please contact those customers. The whole salon's holidays and
        shorter days are the owner's Special Hours (Site).
      </p>
      <fetcher.Form ref={form} method="post" className="closed-form" onSubmit={started}>
        <input type="hidden" name="intent" value="close-day" />
        <Field id="closed-date" label="Closed date" invalid={!!errors.date} error={errors.date}>
          <input
            id="closed-date"
            name="date"
            type="date"
            min={today}
            required
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? "closed-date-error" : undefined}
          />
        </Field>
        <Field
          id="closed-technician"
          label="Closed for"
          invalid={!!errors.technician}
          error={errors.technician}
        >
          <select id="closed-technician" name="technician" defaultValue="" required>
            <option value="" disabled>
              Choose a technician
            </option>
            {technicians.map((technician) => (
              <option key={technician} value={technician}>
                {technician} (day off)
              </option>
            ))}
          </select>
        </Field>
        <Field id="closed-note" label="Note (optional)" invalid={!!errors.note} error={errors.note}>
          <input id="closed-note" name="note" maxLength={200} placeholder="e.g. Thanksgiving" />
        </Field>
        <ActionError fetcher={fetcher} />
        <button type="submit" className="button">
          Add Closed Day
        </button>
      </fetcher.Form>

      {closedDays.length === 0 ? (
        <p className="day-empty">No closed days ahead.</p>
      ) : (
        <ul className="closed-days" aria-label="Closed days ahead">
          {closedDays.map((day) => (
            <ClosedDayRow key={day.id} day={day} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ClosedDayRow({ day }: { day: AdminClosedDayView }) {
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const started = useActionFeedback(fetcher, {});
  const what = day.technician ? `${day.technician}: day off` : "Salon closed";
  return (
    <li className="closed-day">
      <div className="closed-day__head">
        <p className="closed-day__what">
          <span className="closed-day__date">{day.dateLabel}</span>
          <span>
            {what}
            {day.note ? ` (${day.note})` : ""}
          </span>
        </p>
        <fetcher.Form method="post" onSubmit={started}>
          <input type="hidden" name="intent" value="open-day" />
          <input type="hidden" name="id" value={day.id} />
          <button
            type="submit"
            className="button button--ghost button--small"
            aria-label={`Remove ${what}, ${day.dateLabel}`}
          >
            Remove
          </button>
        </fetcher.Form>
      </div>
      <ActionError fetcher={fetcher} />
      {day.affected.length > 0 ? (
        <div className="closed-day__affected">
          <p>
            <strong>
              {day.affected.length} booked{" "}
              {day.affected.length === 1 ? "appointment" : "appointments"} to contact:
            </strong>
          </p>
          <ul>
            {day.affected.map((appointment) => (
              <li key={appointment.id}>
                {appointment.startLabel} {appointment.name}, {appointment.typeName} with{" "}
                {appointment.technician}:{" "}
                {appointment.phone ? <PhoneLink phone={appointment.phone} /> : "No Phone"},{" "}
                {appointment.email ? (
                  <a href={`mailto:${appointment.email}`}>{appointment.email}</a>
                ) : (
                  "No Email"
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="closed-day__none">
          No appointments booked{day.technician ? ` with ${day.technician}` : ""}.
        </p>
      )}
    </li>
  );
}
