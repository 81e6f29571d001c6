import { useEffect, useRef } from "react";
import { WEEKDAYS, type Weekday } from "~/domain/booking/time-zone";
import type { StaffAppointmentTypeView } from "~/services/salon/appointment-type-admin.server";
import { CloseIcon } from "../icons";
import { CheckboxGroup } from "./checkbox-group";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { BufferAndFlags, TypeTextFields } from "./type-form-fields";
import { useTypeForm } from "./use-type-form";

type Success = Extract<ScheduleAdminActionResult, { ok: true }>;

/**
 * The fields change with the stored values: after an update they show what was saved. Only the
 * fields: the form itself stays, with the request it sent, or the answer to it would reach no
 * one and the spec's 'Loading...' overlay would stay (it did, when the whole form was keyed so).
 */
const versionOf = (type: StaffAppointmentTypeView | undefined) =>
  type ? JSON.stringify(type) : "new";

interface TypeFormProps {
  /** Edit this type; without one the form creates a new type. */
  type?: StaffAppointmentTypeView;
  /** The listed day (the page reloads it after a change). */
  date: string;
  /** A line above the fields, e.g. after a duplicate. */
  note?: string;
  /** The active team: the technicians a service can name ('Team'). */
  technicians: string[];
  onClose(): void;
  onDone(result: Success): void;
}

/**
 * The create and edit form of an appointment type (spec section 4 "Admin type forms", section 5).
 * Every field is required: empty ones are marked (red border, aria-invalid) and nothing is sent.
 * The server checks everything again and answers with field errors, shown under the fields.
 */
export function TypeForm({ type, date, note, technicians, onClose, onDone }: TypeFormProps) {
  const editing = type !== undefined;
  const prefix = editing ? "edit-type" : "new-type";
  const { fetcher, onSubmit, errors, invalid, edited, control } = useTypeForm(prefix, date, onDone);
  const heading = useRef<HTMLHeadingElement>(null);

  // Bring the form into view when it opens (on a phone it is below the list).
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }, []);

  // The team, and any technician the type still names who has left it since.
  const choices = [...new Set([...technicians, ...(type?.technicians ?? [])])];
  const fields = { prefix, type, errors, control };

  return (
    <fetcher.Form method="post" noValidate onSubmit={onSubmit} className="form type-form">
      <div className="type-form__top">
        <h3 ref={heading} tabIndex={-1}>
          {editing ? "Edit Appointment Type" : "New Appointment Type"}
        </h3>
        <button type="button" className="icon-button" aria-label="Close form" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {note ? <p className="type-form__note">{note}</p> : null}
      {editing ? <input type="hidden" name="id" value={type.id} /> : null}

      <div className="type-form__grid" key={versionOf(type)}>
        <TypeTextFields {...fields} />
        <BufferAndFlags {...fields} />
        <CheckboxGroup
          name="daysOfWeek"
          prefix={prefix}
          legend="Days"
          options={WEEKDAYS.map((day) => ({ id: `${prefix}-${day}`, value: day }))}
          checked={(day) => type?.daysOfWeek.includes(day as Weekday) ?? false}
          invalid={invalid("daysOfWeek")}
          error={errors.daysOfWeek}
          onChange={() => edited("daysOfWeek")}
        />
        <CheckboxGroup
          name="technicians"
          prefix={prefix}
          legend="Workers"
          options={choices.map((name, i) => ({ id: `${prefix}-technician-${i}`, value: name }))}
          checked={(name) => type?.technicians.includes(name) ?? false}
          invalid={invalid("technicians")}
          error={errors.technicians}
          onChange={() => edited("technicians")}
          empty={<p className="field__hint">Add technicians under Team first.</p>}
        />
      </div>

      <TypeFormActions editing={editing} />
    </fetcher.Form>
  );
}

/** Create for a new type; Update, Duplicate and Remove for a stored one. */
function TypeFormActions({ editing }: { editing: boolean }) {
  return (
    <div className="type-form__actions">
      {editing ? (
        <>
          <button type="submit" name="intent" value="update" className="button">
            Update
          </button>
          <button type="submit" name="intent" value="duplicate" className="button button--ghost">
            Duplicate
          </button>
          <button
            type="submit"
            name="intent"
            value="remove"
            className="button button--ghost button--danger"
          >
            Remove
          </button>
        </>
      ) : (
        <button type="submit" name="intent" value="create" className="button">
          Create
        </button>
      )}
    </div>
  );
}
