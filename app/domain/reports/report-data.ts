import type { ReportPeriod } from "./period";

// What the report reads for one period (app/services/reports/report.server.ts), as plain
// numbers: the tables (report-tables.ts) and charts are made from these
// (docs/product.md#reports has each figure's definition).

interface AppointmentFigures {
  /** Appointments in the period, not cancelled (pending online bookings aside). */
  booked: number;
  completed: number;
  noShows: number;
  cancelled: number;
  /** Of the cancelled: cancelled less than the cancellation cut-off before their start. */
  cancelledLate: number;
}

interface CustomerFigures {
  /** Customers (emails) with an appointment in the period, not cancelled. */
  total: number;
  /** Of them, those whose first appointment ever is in the period. */
  new: number;
  returning: number;
  /** Completed appointments in the period, and those whose customer booked a next one in 24 hours. */
  completed: number;
  rebooked: number;
  /** Customers with a completed appointment in the period, and those back within 90 days. */
  returnBase: number;
  returned90: number;
}

interface RevenueFigures {
  /** Charged on completed appointments, and their tips (cents). */
  chargedCents: number;
  tipsCents: number;
  /** Completed appointments with an amount charged: the average ticket's base. */
  charged: number;
  /** The booked price of the period's appointments still to come (not marked yet). */
  upcomingCents: number;
  /** Charged per salon date, dates with none left out. */
  perDay: { date: string; cents: number }[];
  /**
   * Taken through Stripe (docs/payments.md), by when the money moved: deposits paid (part of
   * 'Charged' once their visit is completed), no-show and late cancellation fees that succeeded,
   * and deposits refunded (given back: a positive amount here, shown as money out).
   */
  depositCents: number;
  noShowFeeCents: number;
  lateFeeCents: number;
  refundedCents: number;
  /** Taken back by her bank: a dispute about a deposit or fee lost, on the day it closed. */
  disputeLostCents: number;
}

export interface TechnicianFigures {
  name: string;
  appointments: number;
  completed: number;
  noShows: number;
  bookedMinutes: number;
  workingMinutes: number;
  chargedCents: number;
  /** Her completed appointments with an amount charged. */
  charged: number;
}

export interface ServiceCount {
  name: string;
  count: number;
  /** Charged on its completed appointments. */
  cents: number;
}

/** Booked minutes starting in one hour of one weekday (1 Monday .. 7 Sunday; hour 0..23). */
export interface HeatCell {
  weekday: number;
  hour: number;
  minutes: number;
}

interface ChannelFigures {
  online: number;
  staff: number;
  waitlist: number;
}

export interface PeriodFigures {
  revenue: RevenueFigures;
  appointments: AppointmentFigures;
  customers: CustomerFigures;
  technicians: TechnicianFigures[];
  services: ServiceCount[];
  heat: HeatCell[];
  channels: ChannelFigures;
  /** Views of /schedule, and online bookings (visits) made in the period. */
  website: { scheduleViews: number; onlineBookings: number };
}

export interface ReportData {
  period: ReportPeriod;
  current: PeriodFigures;
  previous: PeriodFigures;
}
