// The booking engine with technicians' own hours and breaks (docs/product.md#team), including the
// two days a year the salon's clock jumps.
import { describe, expect, it } from "vitest";
import { weeklyHoursOf } from "./opening-hours";
import { isSlotBookable } from "./slot-check";
import { type AppointmentTypeRule, type AvailabilityInput, listAvailableSlots } from "./slots";
import { describeWeeklyHours, type WeeklyHours, WeeklyHoursSchema } from "./technician-hours";
import { WEEKDAYS, zonedDateTime } from "./time-zone";

const ZONE = "America/Chicago";
const TUESDAY = "2026-05-05";
const ALL_WEEK = weeklyHoursOf([
  { label: "Every day", days: [...WEEKDAYS], opens: "00:00", closes: "23:59" },
]);
const SALON = weeklyHoursOf([
  { label: "Every day", days: [...WEEKDAYS], opens: "10:00", closes: "20:00" },
]);

const service = (technicians: string[], durationMin = 45): AppointmentTypeRule => ({
  id: "gel",
  durationMin,
  daysOfWeek: [...WEEKDAYS],
  startTime: "00:00",
  endTime: "23:59",
  technicians,
});

// Tuesdays 12:00-18:00 with a break 14:00-14:30.
const NIA: WeeklyHours = {
  Tuesday: [
    { start: "12:00", end: "14:00" },
    { start: "14:30", end: "18:00" },
  ],
};

function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    dateIso: TUESDAY,
    type: service(["Nia"]),
    hours: SALON,
    busy: [],
    now: new Date("2026-05-01T12:00:00Z"),
    zone: ZONE,
    technicianHours: { Nia: NIA },
    ...overrides,
  };
}

const labels = (overrides: Partial<AvailabilityInput> = {}) =>
  listAvailableSlots(input(overrides)).map((slot) => slot.label);

describe("a technician's own hours", () => {
  it("offers her from the start of her day, never across her break, and ends with her day", () => {
    const offered = labels();
    expect(offered[0]).toBe("12:00 PM");
    // 45 minutes: 13:15 ends at 14:00, the break's start; 13:30 to 14:15 would overlap it.
    expect(offered).toContain("1:15 PM");
    for (const overlapping of ["1:30 PM", "1:45 PM", "2:00 PM", "2:15 PM"]) {
      expect(offered).not.toContain(overlapping);
    }
    expect(offered).toContain("2:30 PM");
    expect(offered.at(-1)).toBe("5:15 PM");
  });

  it("confirms the same: inside her hours yes, across the break or on a day off 'taken'", () => {
    const at = (hhmm: string, dateIso = TUESDAY) => ({
      dateIso,
      startsAt: zonedDateTime(dateIso, hhmm, ZONE),
    });
    expect(isSlotBookable({ ...input(), ...at("12:00") })).toEqual({ ok: true, technician: "Nia" });
    expect(isSlotBookable({ ...input(), ...at("13:30") })).toEqual({ ok: false, reason: "taken" });
    expect(isSlotBookable({ ...input(), ...at("11:00") })).toEqual({ ok: false, reason: "taken" });
    // Wednesday: she does not work.
    expect(isSlotBookable({ ...input(), ...at("12:00", "2026-05-06") })).toEqual({
      ok: false,
      reason: "taken",
    });
    expect(labels({ dateIso: "2026-05-06" })).toEqual([]);
  });

  it("lets 'Any available' pick whoever works then; a technician without own hours works the salon's", () => {
    const slots = listAvailableSlots(
      input({
        type: service(["Nia", "Ola"], 60),
        technicianHours: { Nia: NIA },
      }),
    );
    const at = (label: string) => slots.find((slot) => slot.label === label)?.freeTechnicians;
    expect(at("10:00 AM")).toEqual(["Ola"]);
    expect(at("12:00 PM")).toEqual(["Nia", "Ola"]);
    expect(at("1:30 PM")).toEqual(["Ola"]);
    expect(at("2:30 PM")).toEqual(["Nia", "Ola"]);
    expect(at("6:00 PM")).toEqual(["Ola"]);
    expect(
      isSlotBookable({
        ...input({ type: service(["Nia", "Ola"], 60) }),
        startsAt: zonedDateTime(TUESDAY, "13:30", ZONE),
      }),
    ).toEqual({ ok: true, technician: "Ola" });
  });

  it("keeps the salon's hours and the service's window too", () => {
    const early: WeeklyHours = { Tuesday: [{ start: "08:00", end: "11:00" }] };
    expect(labels({ technicianHours: { Nia: early }, type: service(["Nia"], 60) })).toEqual([
      "10:00 AM",
    ]);
  });

  it("counts real time across the spring-forward jump (Sunday 2026-03-08, 2:00 -> 3:00)", () => {
    const night: WeeklyHours = { Sunday: [{ start: "01:00", end: "04:00" }] };
    // 1:00 CST to 4:00 CDT is two real hours: a 60-minute service fits from 1:00 to 1:45 and at
    // 3:00; the wall times 2:00-2:59 do not exist that night.
    expect(
      labels({
        dateIso: "2026-03-08",
        hours: ALL_WEEK,
        type: service(["Nia"], 60),
        technicianHours: { Nia: night },
        now: new Date("2026-03-01T12:00:00Z"),
      }),
    ).toEqual(["1:00 AM", "1:15 AM", "1:30 AM", "1:45 AM", "3:00 AM"]);
  });

  it("counts real time across the fall-back repeat (Sunday 2026-11-01, 2:00 -> 1:00)", () => {
    const night: WeeklyHours = { Sunday: [{ start: "00:30", end: "02:00" }] };
    // 0:30 CDT to 2:00 CST is two and a half real hours: a 60-minute service starting at the
    // first 1:45 ends at the second 1:45, inside her range.
    expect(
      labels({
        dateIso: "2026-11-01",
        hours: ALL_WEEK,
        type: service(["Nia"], 60),
        technicianHours: { Nia: night },
        now: new Date("2026-10-25T12:00:00Z"),
      }),
    ).toEqual(["12:30 AM", "12:45 AM", "1:00 AM", "1:15 AM", "1:30 AM", "1:45 AM"]);
  });
});

describe("WeeklyHoursSchema", () => {
  it("takes ranges in order and refuses reversed, overlapping or malformed ones", () => {
    expect(WeeklyHoursSchema.safeParse(NIA).success).toBe(true);
    expect(
      WeeklyHoursSchema.safeParse({ Tuesday: [{ start: "18:00", end: "12:00" }] }).success,
    ).toBe(false);
    expect(
      WeeklyHoursSchema.safeParse({
        Tuesday: [
          { start: "12:00", end: "15:00" },
          { start: "14:30", end: "18:00" },
        ],
      }).success,
    ).toBe(false);
    expect(
      WeeklyHoursSchema.safeParse({ Tuesday: [{ start: "noon", end: "18:00" }] }).success,
    ).toBe(false);
    expect(WeeklyHoursSchema.safeParse({ Someday: [] }).success).toBe(false);
  });

  it("describes a week in one line", () => {
    expect(describeWeeklyHours(NIA)).toBe("Tue 12:00-14:00, 14:30-18:00");
    expect(describeWeeklyHours({})).toBe("No hours");
  });
});
