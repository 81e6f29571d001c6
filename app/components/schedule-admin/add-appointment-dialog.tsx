import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { isIsoDate, weekdayOf } from "~/domain/booking/time-zone";
import type { AppointmentTypeView } from "~/services/bookings/appointment-types.server";
import { CloseIcon } from "../icons";
import type { ScheduleAdminActionResult, ScheduleAdminData } from "./schedule-admin-types";
import { useActionFeedback } from "./use-action-feedback";

interface AddAppointmentDialogProps {
  types: AppointmentTypeView[];
  /** The listed day: the dialog starts on it (or today, if it has passed). */
  date: string;
  today: string;
  onClose(): void;
}

/** The booking action's field names for the schema's keys. */
const FORM_NAME: Record<string, string> = { dateIso: "date", typeId: "service", startsAt: "slot" };

/**
 * 'Add Appointment' for a customer who phoned: the same steps, rules and free times as online
 * booking (the server books it with bookAppointment, under the same no-overlap constraint).
 */
export function AddAppointmentDialog({ types, date, today, onClose }: AddAppointmentDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [day, setDay] = useState(date < today ? today : date);
  const [service, setService] = useState("");
  const [worker, setWorker] = useState("any");
  const [missing, setMissing] = useState<string[]>([]);
  const times = useFetcher<ScheduleAdminData>();
  const booking = useFetcher<ScheduleAdminActionResult>();
  const failed = booking.data && !booking.data.ok ? booking.data : undefined;
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(failed?.fieldErrors ?? {})) {
    errors[FORM_NAME[key] ?? key] = message;
  }
  const started = useActionFeedback(booking, {
    date,
    onSuccess: () => dialog.current?.close(),
    onFailure: (result) => {
      // Taken meanwhile: offer what is still free.
      if (result && !result.fieldErrors) loadTimes();
    },
  });

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const offered = useMemo(() => {
    if (!isIsoDate(day)) return [];
    const weekday = weekdayOf(day);
    return types.filter((type) => type.daysOfWeek.includes(weekday));
  }, [day, types]);
  const selected = offered.find((type) => type.id === service);
  const key = `${day}|${service}|${worker}`;
  const loaded = times.data?.slots?.key === key ? times.data.slots : null;

  function loadTimes() {
    if (!isIsoDate(day) || !service) return;
    const query = new URLSearchParams({ date, bookDate: day, service, worker });
    times.load(`/scheduleadmin?${query}`);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: load again when the choice changes.
  useEffect(loadTimes, [key]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const empty = ["date", "service", "slot", "name", "email"].filter(
      (name) => String(form.get(name) ?? "").trim() === "",
    );
    setMissing(empty);
    if (empty.length > 0) {
      event.preventDefault();
      document.getElementById(`add-${empty[0]}`)?.focus();
      return;
    }
    started();
  }

  const invalid = (name: string) => missing.includes(name) || name in errors;
  const attrs = (name: string) => ({
    id: `add-${name}`,
    name,
    "aria-invalid": invalid(name) || undefined,
    "aria-describedby": errors[name] ? `add-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p className="field__error" id={`add-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is native to <dialog>; this is the backdrop.
    <dialog
      ref={dialog}
      className="modal modal--wide"
      aria-labelledby="add-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="modal__panel">
        <div className="modal__top">
          <h2 id="add-title">Add an Appointment</h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close"
            onClick={() => dialog.current?.close()}
          >
            <CloseIcon />
          </button>
        </div>
        <p className="modal__service">
          For a customer who phoned. They get the same confirmation email as an online booking.
        </p>
        <booking.Form method="post" noValidate onSubmit={onSubmit} className="add-form">
          <div className="field">
            <label htmlFor="add-date">Appointment date</label>
            <input
              {...attrs("date")}
              type="date"
              min={today}
              value={day}
              onChange={(event) => {
                setDay(event.currentTarget.value);
                setService("");
                setWorker("any");
              }}
            />
            {error("date")}
          </div>
          <div className="field">
            <label htmlFor="add-service">Service</label>
            <select
              {...attrs("service")}
              value={service}
              onChange={(event) => {
                setService(event.currentTarget.value);
                setWorker("any");
              }}
            >
              <option value="">
                {offered.length > 0 ? "Choose a service" : "No services on this day"}
              </option>
              {offered.map((type) => (
                <option key={type.id} value={type.id}>
                  {`${type.category} - ${type.type}`}
                </option>
              ))}
            </select>
            {error("service")}
          </div>
          <div className="field">
            <label htmlFor="add-worker">Worker</label>
            <select
              id="add-worker"
              name="worker"
              value={worker}
              onChange={(event) => setWorker(event.currentTarget.value)}
            >
              <option value="any">Any available</option>
              {(selected?.workers ?? []).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="add-slot">Time</label>
            <select {...attrs("slot")} key={key} defaultValue="" aria-busy={!loaded && !!service}>
              <option value="">
                {!service
                  ? "Choose a service first"
                  : !loaded
                    ? "Finding free times..."
                    : loaded.error
                      ? loaded.error
                      : loaded.slots?.length
                        ? "Choose a time"
                        : "No free times on this day"}
              </option>
              {(loaded?.slots ?? []).map((slot) => (
                <option key={slot.startsAt} value={slot.startsAt}>
                  {slot.label}
                </option>
              ))}
            </select>
            {error("slot")}
          </div>
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
      </div>
    </dialog>
  );
}
