import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { Weekday } from "~/content/business";
import { WEEKDAYS } from "~/domain/booking/time-zone";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { CloseIcon } from "../icons";
import { CheckboxGroup } from "./checkbox-group";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { useActionFeedback } from "./use-action-feedback";

type Success = Extract<ScheduleAdminActionResult, { ok: true }>;

interface TypeFormProps {
  /** Edit this type; without one the form creates a new type. */
  type?: AppointmentTypeView;
  /** The listed day (the page reloads it after a change). */
  date: string;
  /** A line above the fields, e.g. after a duplicate. */
  note?: string;
  /** The active team: the technicians a service can name ('Team'). */
  technicians: string[];
  onClose(): void;
  onDone(result: Success): void;
}

const TEXT_FIELDS = [
  "type",
  "category",
  "startTime",
  "endTime",
  "durationMin",
  "price",
  "description",
] as const;

/**
 * The create and edit form of an appointment type (spec section 4 "Admin type forms", section 5).
 * Every field is required: empty ones are marked (red border, aria-invalid) and nothing is sent.
 * The server checks everything again and answers with field errors, shown under the fields.
 */
export function TypeForm({ type, date, note, technicians, onClose, onDone }: TypeFormProps) {
  const editing = type !== undefined;
  const prefix = editing ? "edit-type" : "new-type";
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useActionFeedback(fetcher, {
    date,
    onSuccess: (result) => {
      setErrors({});
      onDone(result);
    },
    onFailure: (result) => setErrors(result?.fieldErrors ?? {}),
  });

  // Bring the form into view when it opens (on a phone it is below the list).
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter?.getAttribute("value") ?? "create";
    if (intent === "create" || intent === "update") {
      const form = new FormData(event.currentTarget);
      const empty: string[] = TEXT_FIELDS.filter(
        (name) => String(form.get(name) ?? "").trim() === "",
      );
      if (form.getAll("daysOfWeek").length === 0) empty.push("daysOfWeek");
      if (form.getAll("workers").length === 0) empty.push("workers");
      setMissing(empty);
      if (empty.length > 0) {
        // Spec section 5: red borders, no message, nothing sent.
        event.preventDefault();
        const first =
          empty[0] === "daysOfWeek"
            ? `${prefix}-Monday`
            : empty[0] === "workers"
              ? `${prefix}-worker-0`
              : `${prefix}-${empty[0]}`;
        document.getElementById(first)?.focus();
        return;
      }
    }
    started();
  }

  /** Editing a field takes its mark away until the next try. */
  function edited(name: string) {
    if (missing.includes(name)) setMissing(missing.filter((n) => n !== name));
    if (name in errors) {
      const { [name]: _gone, ...rest } = errors;
      setErrors(rest);
    }
  }

  const invalid = (name: string) => missing.includes(name) || name in errors;
  // The team, and any technician the type still names who has left it since.
  const choices = [...new Set([...technicians, ...(type?.workers ?? [])])];
  const describedBy = (name: string, hint?: boolean) =>
    [hint ? `${prefix}-${name}-hint` : "", errors[name] ? `${prefix}-${name}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const control = (name: string, hint?: boolean) => ({
    id: `${prefix}-${name}`,
    name,
    "aria-invalid": invalid(name) || undefined,
    "aria-describedby": describedBy(name, hint),
    onChange: () => edited(name),
  });

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

      <div className="type-form__grid">
        <TypeField prefix={prefix} name="type" label="Type" error={errors.type} wide>
          <input
            {...control("type")}
            type="text"
            maxLength={80}
            autoComplete="off"
            defaultValue={type?.type}
          />
        </TypeField>
        <TypeField prefix={prefix} name="category" label="Category" error={errors.category} wide>
          <input
            {...control("category")}
            type="text"
            maxLength={60}
            autoComplete="off"
            defaultValue={type?.category}
          />
        </TypeField>
        <TypeField prefix={prefix} name="startTime" label="Start" error={errors.startTime}>
          <input {...control("startTime")} type="time" defaultValue={type?.startTime} />
        </TypeField>
        <TypeField prefix={prefix} name="endTime" label="End" error={errors.endTime}>
          <input {...control("endTime")} type="time" defaultValue={type?.endTime} />
        </TypeField>
        <TypeField
          prefix={prefix}
          name="durationMin"
          label="Duration"
          hint="In minutes, in steps of 5 (at most 480)."
          error={errors.durationMin}
        >
          <input
            {...control("durationMin", true)}
            type="text"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            defaultValue={type?.durationMin}
          />
        </TypeField>
        <TypeField
          prefix={prefix}
          name="price"
          label="Price"
          hint="Like $50, $50+ or $45.50."
          error={errors.price}
        >
          <input
            {...control("price", true)}
            type="text"
            maxLength={12}
            autoComplete="off"
            defaultValue={type?.price}
          />
        </TypeField>
        <TypeField
          prefix={prefix}
          name="description"
          label="Description"
          error={errors.description}
          full
        >
          <textarea
            {...control("description")}
            rows={3}
            maxLength={1000}
            defaultValue={type?.description}
          />
        </TypeField>

        <TypeField
          prefix={prefix}
          name="bufferMin"
          label="Buffer minutes"
          hint="Kept free after the service, to clean the station (steps of 5, empty for none)."
          error={errors.bufferMin}
        >
          <input
            {...control("bufferMin", true)}
            type="text"
            inputMode="numeric"
            maxLength={3}
            autoComplete="off"
            defaultValue={type?.bufferMin || ""}
          />
        </TypeField>
        <div className="field type-form__flags type-form__wide">
          <label className="type-form__flag">
            <input
              type="checkbox"
              name="addOn"
              defaultChecked={type?.addOn ?? false}
              aria-describedby={`${prefix}-addOn-hint`}
            />
            Add-on
          </label>
          <p className="field__hint" id={`${prefix}-addOn-hint`}>
            Also offered with a service, done after it by the same technician.
          </p>
          <label className="type-form__flag">
            <input
              type="checkbox"
              name="sideBySide"
              defaultChecked={type?.sideBySide ?? false}
              aria-describedby={`${prefix}-sideBySide-hint`}
            />
            Side by side
          </label>
          <p className="field__hint" id={`${prefix}-sideBySide-hint`}>
            In a visit, may be done at the same time as another such service, by another technician.
          </p>
        </div>

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
          name="workers"
          prefix={prefix}
          legend="Workers"
          options={choices.map((name, i) => ({ id: `${prefix}-worker-${i}`, value: name }))}
          checked={(name) => type?.workers.includes(name) ?? false}
          invalid={invalid("workers")}
          error={errors.workers}
          onChange={() => edited("workers")}
          empty={<p className="field__hint">Add technicians under Team first.</p>}
        />
      </div>

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
    </fetcher.Form>
  );
}

interface TypeFieldProps {
  prefix: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  /** Half the row on wide screens, or the whole row. */
  wide?: boolean;
  full?: boolean;
  children: ReactNode;
}

function TypeField({ prefix, name, label, hint, error, wide, full, children }: TypeFieldProps) {
  const size = full ? " type-form__full" : wide ? " type-form__wide" : "";
  return (
    <div className={`field${size}`}>
      <label htmlFor={`${prefix}-${name}`}>{label}</label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${prefix}-${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${prefix}-${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
