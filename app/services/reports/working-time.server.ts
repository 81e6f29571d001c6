// The technicians' working minutes in a period ('Utilisation', docs/product.md#reports): their
// hours as the team keeps them now, the salon's week, its closed days and special hours, and
// their days off, all read in one go and counted by app/domain/reports/working-time.ts.
import { and, asc, gte, lte } from "drizzle-orm";
import type { WeeklyHours } from "../../domain/booking/technician-hours";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { type DateRange, datesOf } from "../../domain/reports/period";
import { type SalonCalendar, workingMinutes } from "../../domain/reports/working-time";
import type { Database } from "../db/client.server";
import { closedDays, specialHours, technicians } from "../db/schema.server";
import { readSalonFacts } from "../salon/salon-details.server";

interface TeamMember {
  name: string;
  active: boolean;
  hours: WeeklyHours | null;
}

export interface WorkingTime {
  team: TeamMember[];
  /** Working minutes in the range, by technician name (every member of the team). */
  minutesIn(range: DateRange, name: string): number;
}

/** What counting working minutes over `span` needs (span: both periods together). */
export async function readWorkingTime(db: Database, span: DateRange): Promise<WorkingTime> {
  const [facts, team, closed, special] = await Promise.all([
    readSalonFacts(db),
    db
      .select({ name: technicians.name, active: technicians.active, hours: technicians.hours })
      .from(technicians)
      .orderBy(asc(technicians.name)),
    db
      .select({ date: closedDays.date, technician: closedDays.technician })
      .from(closedDays)
      .where(and(gte(closedDays.date, span.from), lte(closedDays.date, span.to))),
    db
      .select()
      .from(specialHours)
      .where(and(lte(specialHours.fromDate, span.to), gte(specialHours.toDate, span.from)))
      .orderBy(asc(specialHours.createdAt)),
  ]);
  const daysOff = new Map<string, Set<string>>();
  for (const row of closed) {
    if (row.technician === null) continue;
    const dates = daysOff.get(row.technician) ?? new Set<string>();
    dates.add(row.date);
    daysOff.set(row.technician, dates);
  }
  const salon: SalonCalendar = {
    week: facts.details.hours,
    closedDates: closed.filter((row) => row.technician === null).map((row) => row.date),
    special,
    daysOff,
  };
  const hoursOf = new Map(team.map((member) => [member.name, member.hours]));
  return {
    team,
    minutesIn: (range, name) =>
      workingMinutes(name, hoursOf.get(name) ?? null, datesOf(range), salon, SALON_TIME_ZONE),
  };
}
