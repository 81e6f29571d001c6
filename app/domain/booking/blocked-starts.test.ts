import { describe, expect, it } from "vitest";
import { blockedStarts } from "./blocked-starts";
import { overlaps } from "./slots";

const MIN = 60_000;
// Starts at 0, 15, 30, ... 120 minutes; each occupies 30 minutes.
const starts = Array.from({ length: 9 }, (_, i) => i * 15 * MIN);
const booked = (technician: string, from: number, to: number) => ({
  technician,
  startMs: from * MIN,
  endMs: to * MIN,
});
const flags = (result: Uint8Array[], w: number) => Array.from(result[w] ?? []);

describe("blockedStarts", () => {
  it("marks exactly the starts a booking overlaps, per technician", () => {
    const result = blockedStarts({
      starts,
      technicians: ["Ana", "Bo"],
      occupiedMs: 30 * MIN,
      bufferMs: 0,
      busy: [booked("Ana", 50, 55), booked("Bo", 60, 90), booked("Cy", 0, 200)],
    });
    // Ana 50-55 is inside [30, 60) and [45, 75): containment blocks.
    expect(flags(result, 0)).toEqual([0, 0, 1, 1, 0, 0, 0, 0, 0]);
    // Bo 60-90: a start at 30 ends at 60 (free), at 90 starts as it ends (free).
    expect(flags(result, 1)).toEqual([0, 0, 0, 1, 1, 1, 0, 0, 0]);
  });

  it("adds up overlapping bookings and ignores empty ones", () => {
    const result = blockedStarts({
      starts,
      technicians: ["Ana"],
      occupiedMs: 15 * MIN,
      bufferMs: 0,
      busy: [
        booked("Ana", 0, 40),
        booked("Ana", 20, 50),
        booked("Ana", 100, 100),
        booked("Ana", 110, 105),
      ],
    });
    expect(flags(result, 0)).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0]);
  });

  it("keeps the clean-up buffer after existing bookings", () => {
    const result = blockedStarts({
      starts,
      technicians: ["Ana"],
      occupiedMs: 30 * MIN,
      bufferMs: 10 * MIN,
      busy: [booked("Ana", 60, 75)],
    });
    // Occupied [60, 85): starts 45 (to 75), 60 and 75 overlap; 30 (to 60) does not.
    expect(flags(result, 0)).toEqual([0, 0, 0, 1, 1, 1, 0, 0, 0]);
  });

  it("agrees with overlaps() on random bookings", () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const busy = Array.from({ length: 60 }, () => {
      const from = Math.floor(random() * 160) - 20;
      return booked(random() < 0.5 ? "Ana" : "Bo", from, from + Math.floor(random() * 30));
    });
    for (const bufferMs of [0, 5 * MIN]) {
      const occupiedMs = 25 * MIN + bufferMs;
      const result = blockedStarts({
        starts,
        technicians: ["Ana", "Bo"],
        occupiedMs,
        bufferMs,
        busy,
      });
      ["Ana", "Bo"].forEach((technician, w) => {
        const expected = starts.map((start) =>
          busy.some(
            (b) =>
              b.technician === technician &&
              b.endMs > b.startMs &&
              overlaps(start, start + occupiedMs, b.startMs, b.endMs + bufferMs),
          )
            ? 1
            : 0,
        );
        expect(flags(result, w)).toEqual(expected);
      });
    }
  });

  it("handles no starts", () => {
    const result = blockedStarts({
      starts: [],
      technicians: ["Ana"],
      occupiedMs: MIN,
      bufferMs: 0,
      busy: [booked("Ana", 0, 10)],
    });
    expect(flags(result, 0)).toEqual([]);
  });
});
