import { formatWallMinutes } from "../booking/time-zone";
import { formatCents } from "../money";
import {
  averageChange,
  countChange,
  formatAverage,
  formatCount,
  formatHours,
  formatRate,
  hoursChange,
  moneyChange,
  rateChange,
  ratio,
} from "./figures";
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

function technicianRows(now: TechnicianFigures, before: TechnicianFigures): string[][] {
  const cells = (t: TechnicianFigures) => [
    formatRate(utilisation(t)),
    formatHours(t.bookedMinutes),
    formatHours(t.workingMinutes),
    formatCents(t.chargedCents),
    formatCount(t.appointments),
    formatCount(t.noShows),
    formatAverage(t.chargedCents, t.charged),
  ];
  return [
    [now.name, "This period", ...cells(now)],
    [now.name, "Previous period", ...cells(before)],
    [
      now.name,
      "Change",
      rateChange(utilisation(now), utilisation(before)),
      hoursChange(now.bookedMinutes, before.bookedMinutes),
      hoursChange(now.workingMinutes, before.workingMinutes),
      moneyChange(now.chargedCents, before.chargedCents),
      countChange(now.appointments, before.appointments),
      countChange(now.noShows, before.noShows),
      averageChange(ticket(now), ticket(before)),
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

export function techniciansTable({ current, previous }: ReportData): ReportTable {
  const before = new Map(previous.technicians.map((t) => [t.name, t]));
  return {
    id: "technicians",
    title: "Technicians",
    header: [
      "Technician",
      "Period",
      "Utilisation",
      "Booked hours",
      "Working hours",
      "Revenue",
      "Appointments",
      "No-shows",
      "Average ticket",
    ],
    rows: current.technicians.flatMap((t) =>
      technicianRows(t, before.get(t.name) ?? { ...t, ...EMPTY_TECHNICIAN }),
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
): Record<"services-by-revenue" | "services-by-count", ReportTable> {
  return {
    "services-by-revenue": {
      id: "services-by-revenue",
      title: "Top ten services by revenue",
      header: ["Rank", "Service", "Revenue", "Previous period", "Change"],
      rows: topTen(report, (s) => s.cents, formatCents, moneyChange),
    },
    "services-by-count": {
      id: "services-by-count",
      title: "Top ten services by count",
      header: ["Rank", "Service", "Appointments", "Previous period", "Change"],
      rows: topTen(report, (s) => s.count, formatCount, countChange),
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
export function busiestTable({ current, previous }: ReportData): ReportTable {
  const hours = [...new Set([...heatHours(current), ...heatHours(previous)])].sort((a, b) => a - b);
  const rows = (figures: PeriodFigures, label: (day: string) => string) =>
    HEAT_WEEKDAYS.map((day, i) => [
      label(day),
      ...hours.map((h) => formatCount(heatMinutes(figures, i + 1, h))),
    ]);
  return {
    id: "busiest-times",
    title: "Busiest times: booked minutes by weekday and hour",
    header: ["Weekday", ...hours.map((h) => formatWallMinutes(h * 60))],
    rows: [...rows(current, (day) => day), ...rows(previous, (day) => `${day}, previous period`)],
  };
}
