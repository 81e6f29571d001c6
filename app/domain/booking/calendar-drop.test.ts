// Where a dragged appointment lands on the staff calendar (docs/product.md#calendar).
import { describe, expect, it } from "vitest";
import { dropStart } from "./calendar-drop";

// 9:00 AM to 7:00 PM: 600 minutes over 1,200 pixels (2 pixels a minute).
const day = { height: 1200, first: 9 * 60, last: 19 * 60, length: 30 };

describe("dropStart", () => {
  it("snaps the block's top to the nearest quarter hour", () => {
    expect(dropStart({ ...day, top: 0 })).toBe(9 * 60);
    // 10:07 is nearer 10:00, 10:08 nearer 10:15.
    expect(dropStart({ ...day, top: 134 })).toBe(10 * 60);
    expect(dropStart({ ...day, top: 136 })).toBe(10 * 60 + 15);
    expect(dropStart({ ...day, top: 630 })).toBe(14 * 60 + 15);
  });

  it("keeps the whole appointment inside the calendar", () => {
    expect(dropStart({ ...day, top: -80 })).toBe(9 * 60);
    expect(dropStart({ ...day, top: 1190 })).toBe(18 * 60 + 30);
    expect(dropStart({ ...day, top: 1190, length: 50 })).toBe(18 * 60);
    // Longer than the calendar: its first line.
    expect(dropStart({ ...day, top: 500, length: 700 })).toBe(9 * 60);
  });

  it("answers the first line for a column not laid out", () => {
    expect(dropStart({ ...day, height: 0, top: 40 })).toBe(9 * 60);
  });
});
