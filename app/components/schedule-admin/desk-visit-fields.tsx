import type { ReactNode } from "react";
import { VisitChoices } from "../booking/visit-fields";
import type { DeskVisit } from "./use-desk-visit";

interface DeskVisitFieldsProps {
  choice: DeskVisit;
  today: string;
  /** The id, name and validity attributes of a field (its id is the dialog's prefix + name). */
  attrs(name: string): Record<string, unknown> & { id: string };
  error(name: string): ReactNode;
  /** The time to show first (a free quarter hour of the calendar), if it is free. */
  defaultSlot?: string | undefined;
}

/**
 * 'Appointment date', 'Service', 'Worker', the visit's add-ons and other services (online
 * booking's own fields: components/booking/visit-fields.tsx) and 'Time'.
 */
export function DeskVisitFields({
  choice,
  today,
  attrs,
  error,
  defaultSlot,
}: DeskVisitFieldsProps) {
  const { service } = choice;
  return (
    <>
      <div className="field">
        <label htmlFor={attrs("date").id}>Appointment date</label>
        <input
          {...attrs("date")}
          type="date"
          min={today}
          value={choice.day}
          onChange={(event) => choice.chooseDay(event.currentTarget.value)}
        />
        {error("date")}
      </div>
      <div className="field">
        <label htmlFor={attrs("service").id}>Service</label>
        <select
          {...attrs("service")}
          value={service}
          onChange={(event) => choice.chooseService(event.currentTarget.value)}
        >
          <option value="">
            {choice.offered.length > 0 ? "Choose a service" : "No services on this day"}
          </option>
          {choice.offered.map((type) => (
            <option key={type.id} value={type.id}>
              {`${type.category} - ${type.type}`}
            </option>
          ))}
        </select>
        {error("service")}
      </div>
      <div className="field">
        <label htmlFor={attrs("worker").id}>Worker</label>
        <select
          {...attrs("worker")}
          value={choice.worker}
          onChange={(event) => choice.chooseWorker(event.currentTarget.value)}
        >
          <option value="any">Any available</option>
          {choice.workers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="add-form__visit">
        <VisitChoices
          service={choice.selected}
          offered={choice.offered}
          addOnIds={choice.addOnIds}
          onAddOns={choice.chooseAddOns}
          extra={choice.extra}
          onExtra={choice.setExtra}
        />
      </div>
      <DeskTimeField choice={choice} attrs={attrs} error={error} defaultSlot={defaultSlot} />
    </>
  );
}

/** 'Time': the visit's free starts on the day, the calendar's quarter hour first when free. */
function DeskTimeField({
  choice,
  attrs,
  error,
  defaultSlot,
}: Pick<DeskVisitFieldsProps, "choice" | "attrs" | "error" | "defaultSlot">) {
  const { loaded, service } = choice;
  const slotIsFree = loaded?.slots?.some((slot) => slot.startsAt === defaultSlot) ?? false;
  return (
    <div className="field">
      <label htmlFor={attrs("slot").id}>Time</label>
      <select
        {...attrs("slot")}
        // A new list, a new choice (and the calendar's quarter hour first, when free).
        key={`${choice.key}|${slotIsFree}`}
        defaultValue={slotIsFree ? defaultSlot : ""}
        aria-busy={!loaded && !!service}
      >
        <option value="">{timesPrompt(choice)}</option>
        {(loaded?.slots ?? []).map((slot) => (
          <option key={slot.startsAt} value={slot.startsAt}>
            {slot.label}
          </option>
        ))}
      </select>
      {error("slot")}
    </div>
  );
}

/** The time list's first line: what to do, or why there is nothing to choose. */
function timesPrompt({ service, loaded, extra }: DeskVisit): string {
  if (!service) return "Choose a service first";
  if (!loaded) return "Finding free times...";
  if (loaded.error) return loaded.error;
  if (loaded.slots?.length) return "Choose a time";
  return extra.length > 0
    ? "No time fits the whole visit on this day"
    : "No free times on this day";
}
