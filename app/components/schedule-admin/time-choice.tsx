import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { isIsoDate, weekdayOf } from "~/domain/booking/time-zone";
import type { StaffTimesAnswer } from "~/services/appointments/staff-times.server";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";

interface TimeChoiceStart {
  day: string;
  service: string;
  technician: string;
}

/**
 * The date, service, technician and free time of the staff's 'Add Appointment' and 'Move' dialogs: the
 * same free times as online booking, asked of /scheduleadmin/times
 * (app/routes/scheduleadmin-times.ts). `moving`: the appointment being moved, whose own time does
 * not count as busy.
 */
export function useTimeChoice(
  types: AppointmentTypeView[],
  start: TimeChoiceStart,
  moving?: string,
) {
  const [day, setDay] = useState(start.day);
  const [service, setService] = useState(start.service);
  const [technician, setTechnician] = useState(start.technician);
  const offered = useMemo(() => {
    if (!isIsoDate(day)) return [];
    const weekday = weekdayOf(day);
    return types.filter((type) => type.daysOfWeek.includes(weekday));
  }, [day, types]);
  const selected = offered.find((type) => type.id === service);
  const key = `${day}|${service}|${technician}`;
  // One fetcher per choice: its data is that choice's times, never an earlier choice's answer
  // arriving late, and loading the same choice again keeps its list shown meanwhile.
  const times = useFetcher<StaffTimesAnswer>({ key: `staff-times|${moving ?? ""}|${key}` });
  const loaded = listedTimes(times.data);

  function loadTimes() {
    if (!isIsoDate(day) || !service) return;
    const query = new URLSearchParams({ date: day, service, technician });
    if (moving) query.set("moving", moving);
    times.load(`/scheduleadmin/times?${query}`);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: load again when the choice changes.
  useEffect(loadTimes, [key]);

  return {
    day,
    service,
    technician,
    offered,
    selected,
    key,
    loaded,
    loadTimes,
    chooseDay(value: string) {
      setDay(value);
      setService("");
      setTechnician("any");
    },
    chooseService(value: string) {
      setService(value);
      // The technician chosen stays, if she performs the new service too.
      const technicians = types.find((type) => type.id === value)?.technicians ?? [];
      setTechnician((current) => (technicians.includes(current) ? current : "any"));
    },
    chooseTechnician: setTechnician,
  };
}

/** The answer as the fields show it: the times, or why there are none. */
function listedTimes(answer: StaffTimesAnswer | undefined) {
  if (!answer) return null;
  return answer.ok ? { slots: answer.slots, error: null } : { slots: null, error: answer.error };
}

/** What the date, service, technician and time fields read of a dialog's choice (Add, Move). */
interface FieldChoice {
  day: string;
  service: string;
  technician: string;
  offered: AppointmentTypeView[];
  /** Names the time list: a new choice, a new list. */
  key: string;
  loaded: ReturnType<typeof listedTimes>;
  chooseDay(value: string): void;
  chooseService(value: string): void;
  chooseTechnician(value: string): void;
}

interface FieldProps {
  choice: FieldChoice;
  /** The id, name and validity attributes of a field (its id is the dialog's prefix + name). */
  attrs(name: string): Record<string, unknown> & { id: string };
  error(name: string): ReactNode;
}

/** 'Appointment date', 'Service' and 'Worker' (`technicians`: who performs what is chosen). */
export function DayServiceTechnicianFields({
  choice,
  today,
  technicians,
  attrs,
  error,
}: FieldProps & { today: string; technicians: readonly string[] }) {
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
          value={choice.service}
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
        <label htmlFor={attrs("technician").id}>Worker</label>
        <select
          {...attrs("technician")}
          value={choice.technician}
          onChange={(event) => choice.chooseTechnician(event.currentTarget.value)}
        >
          <option value="any">Any available</option>
          {technicians.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/**
 * 'Time': the free starts of the choice, `defaultSlot` first when it is free (a move: the current
 * time; a new booking: the calendar's quarter hour). `prompt`: the list's first line.
 */
export function TimeField({
  choice,
  attrs,
  error,
  defaultSlot,
  prompt,
}: FieldProps & { defaultSlot?: string | undefined; prompt: string }) {
  const { loaded, service } = choice;
  const slotIsFree = loaded?.slots?.some((slot) => slot.startsAt === defaultSlot) ?? false;
  return (
    <div className="field">
      <label htmlFor={attrs("slot").id}>Time</label>
      <select
        {...attrs("slot")}
        // A new list, a new choice.
        key={`${choice.key}|${slotIsFree}`}
        defaultValue={slotIsFree ? defaultSlot : ""}
        aria-busy={!loaded && !!service}
      >
        <option value="">{prompt}</option>
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
export function timesPrompt(choice: FieldChoice, visit = false): string {
  const { service, loaded } = choice;
  if (!service) return "Choose a service first";
  if (!loaded) return "Finding free times...";
  if (loaded.error) return loaded.error;
  if (loaded.slots?.length) return "Choose a time";
  return visit ? "No time fits the whole visit on this day" : "No free times on this day";
}
