import {
  calendarWindow,
  clipRanges,
  freeQuarters,
  type WallRange,
  wallMinutesOn,
} from "../../domain/booking/calendar";
import { openingHoursFor } from "../../domain/booking/opening-hours";
import {
  addDaysIso,
  formatWallMinutes,
  parseIsoDate,
  parseWallTime,
  SALON_TIME_ZONE,
  salonDateOf,
  salonWallClock,
  WEEKDAYS,
  wallTimeResolver,
  weekdayOf,
} from "../../domain/booking/time-zone";
import type { SalonFacts } from "../../domain/salon/salon-details";
import type { Database } from "../db/client.server";
import { readSalonFacts } from "../salon/salon-details.server";
import {
  type HeldRow,
  readClosedDays,
  readHolds,
  readTeam,
  type Technician,
} from "./staff-calendar-reads.server";
import {
  listAppointmentsBetween,
  listAppointmentsOn,
  type StaffAppointmentView,
} from "./staff-schedule.server";

const zone = SALON_TIME_ZONE;

export interface CalendarBlock {
  /** The appointment's id (the page has its details). */
  id: string;
  start: number;
  end: number;
}

export interface CalendarFreeCell {
  start: number;
  /** The instant (ISO), as the free-time list names it, so the booking dialog can preselect it. */
  startsAt: string;
  /** "2:15 PM". */
  label: string;
}

/** A time a visitor holds while confirming online: shown, never in the staff's way. */
interface CalendarHeld {
  start: number;
  end: number;
  /** "2:05 PM": when the hold lapses. */
  until: string;
}

export interface CalendarColumn {
  key: string;
  /** The technician's name (day view), or the day (week view: "Tue, Nov 24"). */
  heading: string;
  /** Her hours that day ("12:00 PM-2:00 PM, 2:30 PM-6:00 PM"), or why she does not work. */
  note: string;
  dateIso: string;
  technician: string;
  working: WallRange[];
  blocks: CalendarBlock[];
  /** Times visitors hold now (docs/product.md#holds); staff may book over them. */
  held: CalendarHeld[];
  free: CalendarFreeCell[];
}

export interface CalendarView {
  kind: "day" | "week";
  /** The technician of a week view. */
  technician: string | null;
  /** The first and last row lines, in wall minutes; null when nothing is open or booked. */
  window: WallRange | null;
  columns: CalendarColumn[];
}

interface DayFacts {
  dateIso: string;
  /** The salon's hours that day, null when it is closed. */
  salon: WallRange | null;
  /** Technicians with a day off that date. */
  daysOff: Set<string>;
  /** The salon's clock now, to leave past quarter hours unoffered. */
  now: { dateIso: string; minutes: number };
}

/** The day view: every technician working on `dateIso`, and anyone with an appointment then. */
export async function dayCalendar(
  db: Database,
  dateIso: string,
  now: Date,
): Promise<{ calendar: CalendarView; appointments: StaffAppointmentView[] }> {
  const [team, closed, appointments, holds] = await Promise.all([
    readTeam(db),
    readClosedDays(db, dateIso, dateIso),
    listAppointmentsOn(db, dateIso),
    readHolds(db, dateIso, dateIso, now),
  ]);
  const day = dayFacts(dateIso, closed, await readSalonFacts(db), now);
  const booked = new Set(appointments.map((a) => a.technician));
  const onTeam = new Set(team.map((t) => t.name));
  const shown: Technician[] = [
    ...team.filter((t) => booked.has(t.name) || workingRanges(t, day).length > 0),
    // A name booked that is not on the team (it should not happen) still shows its appointments.
    ...[...booked]
      .filter((name) => !onTeam.has(name))
      .map((name) => ({ name, active: false, hours: null })),
  ];
  const columns = shown.map((t) =>
    column(
      day,
      t,
      t.name,
      appointments.filter((a) => a.technician === t.name),
      holds.filter((h) => h.technician === t.name),
    ),
  );
  return {
    calendar: {
      kind: "day",
      technician: null,
      window: windowOf(columns, [day]),
      columns,
    },
    appointments,
  };
}

/**
 * One technician's week (Monday to Sunday) around `dateIso`; null when no technician has that
 * name.
 */
export async function weekCalendar(
  db: Database,
  technician: string,
  dateIso: string,
  now: Date,
): Promise<{ calendar: CalendarView; appointments: StaffAppointmentView[] } | null> {
  const monday = addDaysIso(dateIso, -WEEKDAYS.indexOf(weekdayOf(dateIso)));
  const sunday = addDaysIso(monday, 6);
  const [team, closed, appointments, holds] = await Promise.all([
    readTeam(db),
    readClosedDays(db, monday, sunday),
    listAppointmentsBetween(db, monday, addDaysIso(sunday, 1), technician),
    readHolds(db, monday, sunday, now, technician),
  ]);
  const her = team.find((t) => t.name === technician);
  if (!her) return null;
  const salon = await readSalonFacts(db);
  const days = WEEKDAYS.map((_, i) => dayFacts(addDaysIso(monday, i), closed, salon, now));
  const columns = days.map((day) =>
    column(
      day,
      her,
      shortDay(day.dateIso),
      appointments.filter((a) => salonDateOf(a.startsAt, zone) === day.dateIso),
      holds.filter((h) => salonDateOf(h.startsAt, zone) === day.dateIso),
    ),
  );
  return {
    calendar: { kind: "week", technician, window: windowOf(columns, days), columns },
    appointments,
  };
}

function dayFacts(
  dateIso: string,
  closed: { dateIso: string; technician: string | null }[],
  salon: SalonFacts,
  now: Date,
): DayFacts {
  const onDay = closed.filter((c) => c.dateIso === dateIso);
  const closedDates = onDay.some((c) => c.technician === null) ? [dateIso] : [];
  const hours = openingHoursFor(dateIso, salon.details.hours, closedDates, salon.special);
  return {
    dateIso,
    salon: hours ? { start: parseWallTime(hours.opens), end: parseWallTime(hours.closes) } : null,
    daysOff: new Set(onDay.flatMap((c) => (c.technician ? [c.technician] : []))),
    now: salonWallClock(now, zone),
  };
}

/** The hours she works that day, inside the salon's (what the booking engine offers). */
function workingRanges(technician: Technician, day: DayFacts): WallRange[] {
  if (!day.salon || !technician.active || day.daysOff.has(technician.name)) return [];
  if (!technician.hours) return [day.salon];
  const own = (technician.hours[weekdayOf(day.dateIso)] ?? []).map((r) => ({
    start: parseWallTime(r.start),
    end: parseWallTime(r.end),
  }));
  return clipRanges(own, day.salon);
}

function column(
  day: DayFacts,
  technician: Technician,
  heading: string,
  appointments: StaffAppointmentView[],
  holds: HeldRow[],
): CalendarColumn {
  const working = workingRanges(technician, day);
  const blocks = appointments.map((a) => ({
    id: a.id,
    start: wallMinutesOn(day.dateIso, a.startsAt, zone),
    end: wallMinutesOn(day.dateIso, a.endsAt, zone),
  }));
  // Nothing before the present is offered: not on past days, nor earlier today.
  const notBefore =
    day.dateIso < day.now.dateIso
      ? Number.POSITIVE_INFINITY
      : day.dateIso === day.now.dateIso
        ? day.now.minutes
        : 0;
  const instant = wallTimeResolver(day.dateIso, zone);
  return {
    key: `${day.dateIso}|${technician.name}`,
    heading,
    note: working.length > 0 ? describeRanges(working) : whyNotWorking(technician, day),
    dateIso: day.dateIso,
    technician: technician.name,
    working,
    blocks,
    held: holds.map((h) => ({
      start: wallMinutesOn(day.dateIso, h.startsAt, zone),
      end: wallMinutesOn(day.dateIso, h.endsAt, zone),
      until: formatWallMinutes(salonWallClock(h.expiresAt, zone).minutes),
    })),
    free: freeQuarters(working, blocks, notBefore).map((start) => ({
      start,
      startsAt: new Date(instant(start).ms).toISOString(),
      label: formatWallMinutes(start),
    })),
  };
}

function whyNotWorking(technician: Technician, day: DayFacts): string {
  if (!day.salon) return "Salon closed";
  if (!technician.active) return "No longer on the team";
  if (day.daysOff.has(technician.name)) return "Day off";
  return "Not working";
}

const describeRanges = (ranges: WallRange[]) =>
  ranges.map((r) => `${formatWallMinutes(r.start)}-${formatWallMinutes(r.end)}`).join(", ");

/** The rows: the salon's hours of the days shown, and whatever is worked or booked beyond. */
function windowOf(columns: CalendarColumn[], days: DayFacts[]): WallRange | null {
  const spans = [
    ...days.flatMap((day) => (day.salon ? [day.salon] : [])),
    ...columns.flatMap((c) => [...c.working, ...c.blocks]),
  ];
  return calendarWindow(spans);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Tue, Nov 24". */
function shortDay(dateIso: string): string {
  const { month, day } = parseIsoDate(dateIso);
  return `${weekdayOf(dateIso).slice(0, 3)}, ${MONTHS[month - 1]} ${day}`;
}
