import { addDaysIso } from "../booking/time-zone";
import { type CellWriter, PAGE_CELLS, type Unit } from "./cell-writer";
import { ratio } from "./figures";
import { datesOf } from "./period";
import type { PeriodFigures, ReportData } from "./report-data";
import { revenueByStretchTable } from "./revenue-tables";
import { busiestTable, servicesTables, techniciansTable } from "./team-tables";

// The report as tables (docs/product.md#reports): the page shows these and 'Download CSV' sends
// the same rows, its cells written for a spreadsheet (cell-writer.ts), so a CSV always matches its
// table.

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

/** A figure's rows as one writer writes them: a figure's name carries its unit. */
function figureRows(w: CellWriter) {
  const label = (text: string, unit?: Unit) => w.label(text, unit);
  return {
    count: (text: string, now: number, before: number): Row => [
      label(text),
      w.count(now),
      w.count(before),
      w.countChange(now, before),
    ],
    rate: (text: string, now: number | null, before: number | null): Row => [
      label(text, "%"),
      w.rate(now),
      w.rate(before),
      w.rateChange(now, before),
    ],
    money: (text: string, now: number, before: number): Row => [
      label(text, "USD"),
      w.money(now),
      w.money(before),
      w.moneyChange(now, before),
    ],
  };
}

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

/** Money given back, as a negative amount ($0.00, never "-$0.00", when none). */
const givenBack = (cents: number) => (cents === 0 ? 0 : -cents);

function revenueTable({ current: now, previous: before }: ReportData, w: CellWriter): ReportTable {
  const row = figureRows(w);
  const a = now.revenue;
  const b = before.revenue;
  const average = (r: typeof a) => ({ cents: r.chargedCents, count: r.charged });
  return {
    id: "revenue",
    title: "Revenue",
    header: FIGURE_HEADER,
    rows: [
      row.money("Charged", a.chargedCents, b.chargedCents),
      row.money("Tips", a.tipsCents, b.tipsCents),
      [
        w.label("Average ticket", "USD"),
        w.average(a.chargedCents, a.charged),
        w.average(b.chargedCents, b.charged),
        w.averageChange(average(a), average(b)),
      ],
      row.money("Booked value of upcoming visits", a.upcomingCents, b.upcomingCents),
      // Through Stripe, by when the money moved; refunds as money given back (negative).
      row.money("Deposits", a.depositCents, b.depositCents),
      row.money("No-show fees", a.noShowFeeCents, b.noShowFeeCents),
      row.money("Late cancellation fees", a.lateFeeCents, b.lateFeeCents),
      row.money("Refunds", givenBack(a.refundedCents), givenBack(b.refundedCents)),
      row.money("Lost disputes", givenBack(a.disputeLostCents), givenBack(b.disputeLostCents)),
    ],
  };
}

/** Each date of the period beside the date as far into the previous period. */
function revenuePerDayTable({ period, current, previous }: ReportData, w: CellWriter): ReportTable {
  const cents = (figures: PeriodFigures, date: string) =>
    figures.revenue.perDay.find((d) => d.date === date)?.cents ?? 0;
  return {
    id: "revenue-per-day",
    title: "Revenue per day",
    header: ["Date", w.label("Charged", "USD"), "Previous period", w.label("Charged then", "USD")],
    rows: datesOf(period).map((date, i) => {
      const then = addDaysIso(period.previous.from, i);
      return [date, w.money(cents(current, date)), then, w.money(cents(previous, then))];
    }),
  };
}

function appointmentsTable(
  { current: now, previous: before }: ReportData,
  w: CellWriter,
): ReportTable {
  const row = figureRows(w);
  const a = now.appointments;
  const b = before.appointments;
  return {
    id: "appointments",
    title: "Appointments",
    header: FIGURE_HEADER,
    rows: [
      row.count("Booked", a.booked, b.booked),
      row.count("Completed", a.completed, b.completed),
      row.count("Cancelled", a.cancelled, b.cancelled),
      row.count("Cancelled inside the cut-off", a.cancelledLate, b.cancelledLate),
      row.count("No-shows", a.noShows, b.noShows),
      row.rate("No-show rate", rates(now).noShow, rates(before).noShow),
      row.rate("Cancellation rate", rates(now).cancellation, rates(before).cancellation),
    ],
  };
}

function customersTable(
  { current: now, previous: before }: ReportData,
  w: CellWriter,
): ReportTable {
  const row = figureRows(w);
  const a = now.customers;
  const b = before.customers;
  return {
    id: "clients",
    title: "Clients",
    header: FIGURE_HEADER,
    rows: [
      row.count("Clients", a.total, b.total),
      row.count("New", a.new, b.new),
      row.count("Returning", a.returning, b.returning),
      row.rate("Rebooking rate", rates(now).rebooking, rates(before).rebooking),
      row.rate("90-day return rate", rates(now).return90, rates(before).return90),
    ],
  };
}

function channelsTable({ current: now, previous: before }: ReportData, w: CellWriter): ReportTable {
  const row = figureRows(w);
  return {
    id: "channels",
    title: "Channels",
    header: ["Channel", "This period", "Previous period", "Change"],
    rows: [
      row.count("Online", now.channels.online, before.channels.online),
      row.count("Staff", now.channels.staff, before.channels.staff),
      row.count("Waitlist", now.channels.waitlist, before.channels.waitlist),
    ],
  };
}

function websiteTable({ current: now, previous: before }: ReportData, w: CellWriter): ReportTable {
  const row = figureRows(w);
  const a = now.website;
  const b = before.website;
  return {
    id: "website",
    title: "Website",
    header: FIGURE_HEADER,
    rows: [
      row.count("Views of /schedule", a.scheduleViews, b.scheduleViews),
      row.count("Online bookings", a.onlineBookings, b.onlineBookings),
      row.rate(
        "Online bookings per view of /schedule",
        rates(now).bookingsPerView,
        rates(before).bookingsPerView,
      ),
    ],
  };
}

/** The report's tables as the page shows them, or as another writer writes them (the CSV's). */
export function reportTables(
  report: ReportData,
  w: CellWriter = PAGE_CELLS,
): Record<TableId, ReportTable> {
  return {
    revenue: revenueTable(report, w),
    "revenue-per-day": revenuePerDayTable(report, w),
    "revenue-by-stretch": revenueByStretchTable(report, w),
    appointments: appointmentsTable(report, w),
    clients: customersTable(report, w),
    technicians: techniciansTable(report, w),
    ...servicesTables(report, w),
    channels: channelsTable(report, w),
    "busiest-times": busiestTable(report, w),
    website: websiteTable(report, w),
  };
}
