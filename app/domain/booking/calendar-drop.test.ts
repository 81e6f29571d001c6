// Where a dragged appointment lands on the staff calendar (docs/product.md#calendar).
import { describe, expect, it } from "vitest";
import { dropStart } from "./calendar-drop";

// 9:00 AM to 7:00 PM: 600 minutes over 1,200 pixels (2 pixels a minute).
const day = { height: 1200, first: 9 * 60, last: 19 * 60, length: 30 };

describe("dropStart", () => {
  it("starts at the quarter hour under the pointer", () => {
    expect(dropStart({ ...day, y: 0 })).toBe(9 * 60);
    // 10:00 to 10:14 is the 10:00 row; 10:15 starts the next.
    expect(dropStart({ ...day, y: 120 })).toBe(10 * 60);
    expect(dropStart({ ...day, y: 149 })).toBe(10 * 60);
    expect(dropStart({ ...day, y: 150 })).toBe(10 * 60 + 15);
    // The middle of the 2:15 PM row.
    expect(dropStart({ ...day, y: 645 })).toBe(14 * 60 + 15);
  });

  it("keeps the whole appointment inside the calendar", () => {
    expect(dropStart({ ...day, y: -80 })).toBe(9 * 60);
    expect(dropStart({ ...day, y: 1190 })).toBe(18 * 60 + 30);
    expect(dropStart({ ...day, y: 1190, length: 50 })).toBe(18 * 60);
    // Longer than the calendar: its first line.
    expect(dropStart({ ...day, y: 500, length: 700 })).toBe(9 * 60);
  });

  it("answers the first line for a column not laid out", () => {
    expect(dropStart({ ...day, height: 0, y: 40 })).toBe(9 * 60);
  });
});
