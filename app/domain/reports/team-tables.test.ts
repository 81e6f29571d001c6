import { describe, expect, it } from "vitest";
import { namedPeriod } from "./period";
import type { HeatCell, PeriodFigures } from "./report-data";
import { busiestTable } from "./team-tables";

function figures(heat: HeatCell[]): PeriodFigures {
  return {
    revenue: { chargedCents: 0, tipsCents: 0, charged: 0, upcomingCents: 0, perDay: [] },
    appointments: { booked: 0, completed: 0, noShows: 0, cancelled: 0, cancelledLate: 0 },
    clients: {
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
    heat,
    channels: { online: 0, staff: 0, waitlist: 0 },
    website: { scheduleViews: 0, onlineBookings: 0 },
  };
}

describe("the busiest times table (docs/product.md#reports)", () => {
  it("shows the previous period's minutes below the period's, over the hours either has", () => {
    const table = busiestTable({
      period: namedPeriod("this-week", "2026-11-11"),
      current: figures([{ weekday: 1, hour: 10, minutes: 90 }]),
      previous: figures([{ weekday: 2, hour: 20, minutes: 45 }]),
    });
    expect(table.header.at(1)).toBe("10:00 AM");
    expect(table.header.at(-1)).toBe("8:00 PM");
    expect(table.rows).toHaveLength(14);
    expect(table.rows[0]?.slice(0, 2)).toEqual(["Monday", "90"]);
    expect(table.rows[8]?.[0]).toBe("Tuesday, previous period");
    expect(table.rows[8]?.at(-1)).toBe("45");
    expect(table.rows[7]?.slice(0, 2)).toEqual(["Monday, previous period", "0"]);
  });
});
