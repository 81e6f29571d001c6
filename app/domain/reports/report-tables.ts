import { addDaysIso } from "../booking/time-zone";
import { formatCents } from "../money";
import {
  averageChange,
  countChange,
  formatAverage,
  formatCount,
  formatRate,
  moneyChange,
  rateChange,
  ratio,
} from "./figures";
import { datesOf } from "./period";
import type { PeriodFigures, ReportData } from "./report-data";
import { revenueByStretchTable } from "./revenue-tables";
import { busiestTable, servicesTables, techniciansTable } from "./team-tables";

// The report as tables (docs/product.md#reports): the page shows these and 'Download CSV' sends
// the same cells, so a CSV always matches its table.

export const TABLE_IDS = [
  "revenue",
  "revenue-per-day",
  "revenue-by-stretch",
  "appointments",
  "clients",
  "technicians",
  "services-by-revenue",
  "services-by-count",
  "channels",
  "busiest-times",
  "website",
] as const;
type TableId = (typeof TABLE_IDS)[number];

export interface ReportTable {
  id: TableId;
  title: string;
  header: string[];
  rows: string[][];
}

const FIGURE_HEADER = ["Figure", "This period", "Previous period", "Change"];

type Row = [label: string, now: string, before: string, change: string];

const countRow = (label: string, now: number, before: number): Row => [
  label,
  formatCount(now),
  formatCount(before),
  countChange(now, before),
];

const rateRow = (label: string, now: number | null, before: number | null): Row => [
  label,
  formatRate(now),
  formatRate(before),
  rateChange(now, before),
];

const moneyRow = (label: string, now: number, before: number): Row => [
  label,
  formatCents(now),
  formatCents(before),
  moneyChange(now, before),
];

/** The rates as the report defines them (docs/product.md#reports). */
function rates(figures: PeriodFigures) {
  const { appointments: a, customers: c, website: w } = figures;
  return {
    noShow: ratio(a.noShows, a.booked),
    cancellation: ratio(a.cancelled, a.booked + a.cancelled),
    rebooking: ratio(c.rebooked, c.completed),
    return90: ratio(c.returned90, c.returnBase),
    bookingsPerView: ratio(w.onlineBookings, w.scheduleViews),
  };
}

function revenueTable({ current: now, previous: before }: ReportData): ReportTable {
  const a = now.revenue;
  const b = before.revenue;
  const average = (r: typeof a) => ({ cents: r.chargedCents, count: r.charged });
  return {
    id: "revenue",
    title: "Revenue",
    header: FIGURE_HEADER,
    rows: [
      moneyRow("Charged", a.chargedCents, b.chargedCents),
      moneyRow("Tips", a.tipsCents, b.tipsCents),
      [
        "Average ticket",
        formatAverage(a.chargedCents, a.charged),
        formatAverage(b.chargedCents, b.charged),
        averageChange(average(a), average(b)),
      ],
      moneyRow("Booked value of upcoming visits", a.upcomingCents, b.upcomingCents),
    ],
  };
}

/** Each date of the period beside the date as far into the previous period. */
function revenuePerDayTable({ period, current, previous }: ReportData): ReportTable {
  const cents = (figures: PeriodFigures, date: string) =>
    figures.revenue.perDay.find((d) => d.date === date)?.cents ?? 0;
  return {
    id: "revenue-per-day",
    title: "Revenue per day",
    header: ["Date", "Charged", "Previous period", "Charged then"],
    rows: datesOf(period).map((date, i) => {
      const then = addDaysIso(period.previous.from, i);
      return [date, formatCents(cents(current, date)), then, formatCents(cents(previous, then))];
    }),
  };
}

function appointmentsTable({ current: now, previous: before }: ReportData): ReportTable {
  const a = now.appointments;
  const b = before.appointments;
  return {
    id: "appointments",
    title: "Appointments",
    header: FIGURE_HEADER,
    rows: [
      countRow("Booked", a.booked, b.booked),
      countRow("Completed", a.completed, b.completed),
      countRow("Cancelled", a.cancelled, b.cancelled),
      countRow("Cancelled inside the cut-off", a.cancelledLate, b.cancelledLate),
      countRow("No-shows", a.noShows, b.noShows),
      rateRow("No-show rate", rates(now).noShow, rates(before).noShow),
      rateRow("Cancellation rate", rates(now).cancellation, rates(before).cancellation),
    ],
  };
}

function customersTable({ current: now, previous: before }: ReportData): ReportTable {
  const a = now.customers;
  const b = before.customers;
  return {
    id: "clients",
    title: "Clients",
    header: FIGURE_HEADER,
    rows: [
      countRow("Clients", a.total, b.total),
      countRow("New", a.new, b.new),
      countRow("Returning", a.returning, b.returning),
      rateRow("Rebooking rate", rates(now).rebooking, rates(before).rebooking),
      rateRow("90-day return rate", rates(now).return90, rates(before).return90),
    ],
  };
}

function channelsTable({ current: now, previous: before }: ReportData): ReportTable {
  return {
    id: "channels",
    title: "Channels",
    header: ["Channel", "This period", "Previous period", "Change"],
    rows: [
      countRow("Online", now.channels.online, before.channels.online),
      countRow("Staff", now.channels.staff, before.channels.staff),
      countRow("Waitlist", now.channels.waitlist, before.channels.waitlist),
    ],
  };
}

function websiteTable({ current: now, previous: before }: ReportData): ReportTable {
  const a = now.website;
  const b = before.website;
  return {
    id: "website",
    title: "Website",
    header: FIGURE_HEADER,
    rows: [
      countRow("Views of /schedule", a.scheduleViews, b.scheduleViews),
      countRow("Online bookings", a.onlineBookings, b.onlineBookings),
      rateRow(
        "Online bookings per view of /schedule",
        rates(now).bookingsPerView,
        rates(before).bookingsPerView,
      ),
    ],
  };
}

export function reportTables(report: ReportData): Record<TableId, ReportTable> {
  return {
    revenue: revenueTable(report),
    "revenue-per-day": revenuePerDayTable(report),
    "revenue-by-stretch": revenueByStretchTable(report),
    appointments: appointmentsTable(report),
    clients: customersTable(report),
    technicians: techniciansTable(report),
    ...servicesTables(report),
    channels: channelsTable(report),
    "busiest-times": busiestTable(report),
    website: websiteTable(report),
  };
}
