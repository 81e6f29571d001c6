import { formatWallMinutes } from "../booking/time-zone";
import { type CellWriter, PAGE_CELLS } from "./cell-writer";
import { ratio } from "./figures";
import type { PeriodFigures, ReportData, ServiceCount, TechnicianFigures } from "./report-data";
import type { ReportTable } from "./report-tables";

// The report's tables of who and what (docs/product.md#reports): the technicians, the top ten
// services, the busiest times.

/** Technicians a printed 'Technicians' sheet holds, as listed (docs/product.md#reports). */
export const PRINTED_TECHNICIANS = 10;
/** A technician's rows in her table: this period, the previous one, the change. */
export const TECHNICIAN_ROWS = 3;

export const utilisation = (t: TechnicianFigures) => ratio(t.bookedMinutes, t.workingMinutes);

const ticket = (t: TechnicianFigures) => ({ cents: t.chargedCents, count: t.charged });

function technicianRows(
  now: TechnicianFigures,
  before: TechnicianFigures,
  w: CellWriter,
): string[][] {
  const cells = (t: TechnicianFigures) => [
    w.rate(utilisation(t)),
    w.hours(t.bookedMinutes),
    w.hours(t.workingMinutes),
    w.money(t.chargedCents),
    w.count(t.appointments),
    w.count(t.noShows),
    w.average(t.chargedCents, t.charged),
  ];
  return [
    [now.name, "This period", ...cells(now)],
    [now.name, "Previous period", ...cells(before)],
    [
      now.name,
      "Change",
      w.rateChange(utilisation(now), utilisation(before)),
      w.hoursChange(now.bookedMinutes, before.bookedMinutes),
      w.hoursChange(now.workingMinutes, before.workingMinutes),
      w.moneyChange(now.chargedCents, before.chargedCents),
      w.countChange(now.appointments, before.appointments),
      w.countChange(now.noShows, before.noShows),
      w.averageChange(ticket(now), ticket(before)),
    ],
  ];
}

const EMPTY_TECHNICIAN = {
  appointments: 0,
  completed: 0,
  noShows: 0,
  bookedMinutes: 0,
  workingMinutes: 0,
  chargedCents: 0,
  charged: 0,
};

export function techniciansTable(
  { current, previous }: ReportData,
  w: CellWriter = PAGE_CELLS,
): ReportTable {
  const before = new Map(previous.technicians.map((t) => [t.name, t]));
  return {
    id: "technicians",
    title: "Technicians",
    header: [
      "Technician",
      "Period",
      w.label("Utilisation", "%"),
      w.label("Booked hours", "h"),
      w.label("Working hours", "h"),
      w.label("Revenue", "USD"),
      "Appointments",
      "No-shows",
      w.label("Average ticket", "USD"),
    ],
    rows: current.technicians.flatMap((t) =>
      technicianRows(t, before.get(t.name) ?? { ...t, ...EMPTY_TECHNICIAN }, w),
    ),
  };
}

/** The top ten by a measure, most first, ties by name; beside each one's previous figure. */
function topTen(
  { current, previous }: ReportData,
  measure: (s: ServiceCount) => number,
  write: (value: number) => string,
  change: (now: number, before: number) => string,
): string[][] {
  const before = new Map(previous.services.map((s) => [s.name, measure(s)]));
  return [...current.services]
    .filter((s) => measure(s) > 0)
    .sort((a, b) => measure(b) - measure(a) || a.name.localeCompare(b.name))
    .slice(0, 10)
    .map((s, i) => {
      const was = before.get(s.name) ?? 0;
      return [String(i + 1), s.name, write(measure(s)), write(was), change(measure(s), was)];
    });
}

export function servicesTables(
  report: ReportData,
  w: CellWriter = PAGE_CELLS,
): Record<"services-by-revenue" | "services-by-count", ReportTable> {
  return {
    "services-by-revenue": {
      id: "services-by-revenue",
      title: "Top ten services by revenue",
      header: [
        "Rank",
        "Service",
        w.label("Revenue", "USD"),
        w.label("Previous period", "USD"),
        w.label("Change", "USD"),
      ],
      rows: topTen(report, (s) => s.cents, w.money, w.moneyChange),
    },
    "services-by-count": {
      id: "services-by-count",
      title: "Top ten services by count",
      header: ["Rank", "Service", "Appointments", "Previous period", "Change"],
      rows: topTen(report, (s) => s.count, w.count, w.countChange),
    },
  };
}

export const HEAT_WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
];

/** The hours the heat map shows: 10 AM to 7 PM, widened to any hour with booked minutes. */
export function heatHours(figures: PeriodFigures): number[] {
  const hours = figures.heat.filter((c) => c.minutes > 0).map((c) => c.hour);
  const first = Math.min(10, ...hours);
  const last = Math.max(19, ...hours);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** Booked minutes by weekday (1 Monday) and hour. */
export function heatMinutes(figures: PeriodFigures, weekday: number, hour: number): number {
  return figures.heat.find((c) => c.weekday === weekday && c.hour === hour)?.minutes ?? 0;
}

/**
 * Each weekday's booked minutes by hour in the period, then the same for the previous period
 * (its rows named "Monday, previous period"), over the hours either has.
 */
export function busiestTable(
  { current, previous }: ReportData,
  w: CellWriter = PAGE_CELLS,
): ReportTable {
  const hours = [...new Set([...heatHours(current), ...heatHours(previous)])].sort((a, b) => a - b);
  const rows = (figures: PeriodFigures, label: (day: string) => string) =>
    HEAT_WEEKDAYS.map((day, i) => [
      label(day),
      ...hours.map((h) => w.count(heatMinutes(figures, i + 1, h))),
    ]);
  return {
    id: "busiest-times",
    title: "Busiest times: booked minutes by weekday and hour",
    header: ["Weekday", ...hours.map((h) => w.label(formatWallMinutes(h * 60), "min"))],
    rows: [...rows(current, (day) => day), ...rows(previous, (day) => `${day}, previous period`)],
  };
}
