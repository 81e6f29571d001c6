import type { PeriodFigures } from "./report-data";

/** A period with nothing in it, for the report tables' unit tests: each sets what it checks. */
export function emptyFigures(with_: Partial<PeriodFigures> = {}): PeriodFigures {
  return {
    revenue: {
      chargedCents: 0,
      tipsCents: 0,
      charged: 0,
      upcomingCents: 0,
      perDay: [],
      depositCents: 0,
      noShowFeeCents: 0,
      lateFeeCents: 0,
      refundedCents: 0,
      disputeLostCents: 0,
    },
    appointments: { booked: 0, completed: 0, noShows: 0, cancelled: 0, cancelledLate: 0 },
    customers: {
      total: 0,
      new: 0,
      returning: 0,
      completed: 0,
      rebooked: 0,
      returnBase: 0,
      returned90: 0,
    },
    technicians: [],
    services: [],
    heat: [],
    channels: { online: 0, staff: 0, waitlist: 0 },
    website: { scheduleViews: 0, onlineBookings: 0 },
    ...with_,
  };
}
