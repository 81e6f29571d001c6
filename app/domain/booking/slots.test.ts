import { afterEach, describe, expect, it } from "vitest";
import { weeklyHoursOf } from "./opening-hours";
import { isSlotBookable } from "./slot-check";
import {
  type AppointmentTypeRule,
  type AvailabilityInput,
  type BusyInterval,
  listAvailableSlots,
  overlaps,
  pickTechnician,
  type Slot,
} from "./slots";
import { addDaysIso, formatSlotLabel, WEEKDAYS, zonedDateTime } from "./time-zone";

const ZONE = "America/Chicago";
const MONDAY = "2026-05-04";

// Weekdays 10-20, Saturday 10-19, closed on Sunday.
const HOURS = weeklyHoursOf([
  {
    label: "Mon-Fri",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "10:00",
    closes: "20:00",
  },
  { label: "Saturday", days: ["Saturday"], opens: "10:00", closes: "19:00" },
]);
const OPEN_SUNDAYS = { ...HOURS, Sunday: [{ start: "10:00", end: "20:00" }] };

const MANICURE: AppointmentTypeRule = {
  id: "manicure",
  durationMin: 60,
  daysOfWeek: [...WEEKDAYS],
  startTime: "10:00",
  endTime: "20:00",
  technicians: ["Ana", "Bo"],
};

const at = (dateIso: string, hhmm: string) => zonedDateTime(dateIso, hhmm, ZONE);
const busy = (technician: string, dateIso: string, from: string, to: string): BusyInterval => ({
  technician,
  startMs: at(dateIso, from).getTime(),
  endMs: at(dateIso, to).getTime(),
});

function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    dateIso: MONDAY,
    type: MANICURE,
    hours: HOURS,
    busy: [],
    now: new Date("2026-05-01T12:00:00Z"),
    zone: ZONE,
    ...overrides,
  };
}

const labels = (slots: Slot[]) => slots.map((slot) => slot.label);
const slotAt = (slots: Slot[], label: string) => slots.find((slot) => slot.label === label);

describe("overlaps", () => {
  it("treats ranges as half-open", () => {
    expect(overlaps(0, 10, 5, 15)).toBe(true);
    expect(overlaps(0, 10, 2, 3)).toBe(true); // containment
    expect(overlaps(2, 3, 0, 10)).toBe(true);
    expect(overlaps(0, 10, 10, 20)).toBe(false); // back to back
    expect(overlaps(10, 20, 0, 10)).toBe(false);
    expect(overlaps(new Date(0), new Date(10), new Date(9), new Date(11))).toBe(true);
  });
});

describe("listAvailableSlots: hours and duration", () => {
  it("lists only the earliest times when asked for a few (the month calendar asks for one)", () => {
    const taken = [busy("Ana", MONDAY, "10:00", "12:00"), busy("Bo", MONDAY, "10:00", "11:30")];
    const all = listAvailableSlots(input({ busy: taken }));
    const first = listAvailableSlots(input({ busy: taken }), 1);
    expect(labels(first)).toEqual(["11:30 AM"]);
    expect(first).toEqual(all.slice(0, 1));
    expect(listAvailableSlots(input({ busy: taken }), 3)).toEqual(all.slice(0, 3));
  });

  it("offers a 60-minute service every 15 minutes, the last at 7:00 PM in a 10-20 day", () => {
    const slots = listAvailableSlots(input());
    expect(slots).toHaveLength(37);
    expect(slots[0]?.label).toBe("10:00 AM");
    expect(slots[0]?.startsAt.toISOString()).toBe("2026-05-04T15:00:00.000Z");
    expect(slots[1]?.label).toBe("10:15 AM");
    expect(slots.at(-1)?.label).toBe("7:00 PM");
    expect(slots.at(-1)?.endsAt.toISOString()).toBe("2026-05-05T01:00:00.000Z");
    expect(slots[0]?.freeTechnicians).toEqual(["Ana", "Bo"]);
  });

  it("ends by closing time on a shorter day (Saturday closes at 19:00)", () => {
    const slots = listAvailableSlots(input({ dateIso: "2026-05-02" }));
    expect(slots.at(-1)?.label).toBe("6:00 PM");
  });

  it("keeps inside service hours narrower than the salon's", () => {
    const type = { ...MANICURE, durationMin: 30, startTime: "12:00", endTime: "15:00" };
    const slots = listAvailableSlots(input({ type }));
    expect(slots[0]?.label).toBe("12:00 PM");
    expect(slots.at(-1)?.label).toBe("2:30 PM");
    expect(slots).toHaveLength(11);
  });

  it("keeps inside salon hours narrower than the service's", () => {
    const type = { ...MANICURE, startTime: "08:00", endTime: "22:00" };
    const slots = listAvailableSlots(input({ type }));
    expect(slots[0]?.label).toBe("10:00 AM");
    expect(slots.at(-1)?.label).toBe("7:00 PM");
  });

  it("starts the step grid at a service start that is not on the quarter hour", () => {
    const type = { ...MANICURE, durationMin: 45, startTime: "10:10" };
    const slots = listAvailableSlots(input({ type }));
    expect(labels(slots).slice(0, 3)).toEqual(["10:10 AM", "10:25 AM", "10:40 AM"]);
    expect(slots.at(-1)?.label).toBe("7:10 PM"); // 7:10 + 45 = 7:55; 7:25 would end at 8:10
  });

  it("offers nothing for a service longer than the day", () => {
    const type = { ...MANICURE, durationMin: 30, startTime: "19:45" };
    expect(listAvailableSlots(input({ type }))).toEqual([]);
  });

  it("honours another slot step", () => {
    const slots = listAvailableSlots(input({ settings: { slotStepMin: 30 } }));
    expect(labels(slots).slice(0, 3)).toEqual(["10:00 AM", "10:30 AM", "11:00 AM"]);
    expect(slots).toHaveLength(19);
  });

  it("refuses settings and inputs that would quietly break a rule", () => {
    expect(() => listAvailableSlots(input({ settings: { slotStepMin: 0 } }))).toThrow(RangeError);
    expect(() => listAvailableSlots(input({ settings: { slotStepMin: 7.5 } }))).toThrow(RangeError);
    expect(() => listAvailableSlots(input({ settings: { minNoticeMin: -1 } }))).toThrow(RangeError);
    expect(() => listAvailableSlots(input({ settings: { horizonDays: Number.NaN } }))).toThrow(
      RangeError,
    );
    expect(() => listAvailableSlots(input({ now: new Date(Number.NaN) }))).toThrow(RangeError);
    expect(() =>
      isSlotBookable({ ...input({ now: new Date(Number.NaN) }), startsAt: at(MONDAY, "12:00") }),
    ).toThrow(RangeError);
    expect(() => listAvailableSlots(input({ type: { ...MANICURE, durationMin: 0 } }))).toThrow(
      RangeError,
    );
  });
});

describe("listAvailableSlots: technicians and bookings", () => {
  it("gives no slots when the only technician is fully booked", () => {
    const type = { ...MANICURE, technicians: ["Ana"] };
    const slots = listAvailableSlots(
      input({ type, busy: [busy("Ana", MONDAY, "10:00", "20:00")] }),
    );
    expect(slots).toEqual([]);
  });

  it("keeps a slot while one of two technicians is free", () => {
    const slots = listAvailableSlots(input({ busy: [busy("Ana", MONDAY, "10:00", "12:00")] }));
    expect(slots).toHaveLength(37);
    expect(slotAt(slots, "10:00 AM")?.freeTechnicians).toEqual(["Bo"]);
    expect(slotAt(slots, "11:45 AM")?.freeTechnicians).toEqual(["Bo"]);
    expect(slotAt(slots, "12:00 PM")?.freeTechnicians).toEqual(["Ana", "Bo"]);
  });

  it("drops a slot when both technicians are busy", () => {
    const slots = listAvailableSlots(
      input({
        busy: [busy("Ana", MONDAY, "10:00", "12:00"), busy("Bo", MONDAY, "11:00", "13:00")],
      }),
    );
    expect(slotAt(slots, "10:00 AM")?.freeTechnicians).toEqual(["Bo"]); // Bo is free until 11:00
    for (const label of ["10:15 AM", "11:00 AM", "11:45 AM"]) {
      expect(slotAt(slots, label)).toBeUndefined();
    }
    expect(slotAt(slots, "12:00 PM")?.freeTechnicians).toEqual(["Ana"]);
    expect(slotAt(slots, "1:00 PM")?.freeTechnicians).toEqual(["Ana", "Bo"]);
  });

  it("offers only the requested technician's free times", () => {
    const slots = listAvailableSlots(
      input({ technician: "Ana", busy: [busy("Ana", MONDAY, "10:00", "12:00")] }),
    );
    expect(slots[0]?.label).toBe("12:00 PM");
    expect(slots.every((slot) => slot.freeTechnicians.join() === "Ana")).toBe(true);
  });

  it("offers nothing for a requested technician who does not do the service", () => {
    expect(listAvailableSlots(input({ technician: "Cy" }))).toEqual([]);
  });

  it("blocks a slot that contains a shorter booking", () => {
    const type = { ...MANICURE, technicians: ["Ana"] };
    const slots = listAvailableSlots(
      input({ type, busy: [busy("Ana", MONDAY, "14:20", "14:40")] }),
    );
    const shown = labels(slots);
    expect(shown).toContain("1:15 PM"); // ends 2:15
    for (const label of ["1:30 PM", "1:45 PM", "2:00 PM", "2:15 PM", "2:30 PM"]) {
      expect(shown).not.toContain(label);
    }
    expect(shown).toContain("2:45 PM");
  });

  it("lets bookings sit back to back (an end equal to a start is free)", () => {
    const type = { ...MANICURE, technicians: ["Ana"] };
    const slots = listAvailableSlots(
      input({ type, busy: [busy("Ana", MONDAY, "11:00", "12:00")] }),
    );
    const shown = labels(slots);
    expect(shown).toContain("10:00 AM"); // ends at 11:00
    expect(shown).not.toContain("10:15 AM");
    expect(shown).not.toContain("11:45 AM");
    expect(shown).toContain("12:00 PM");
  });

  it("ignores other technicians' and other days' bookings and empty intervals", () => {
    const type = { ...MANICURE, technicians: ["Ana"] };
    const slots = listAvailableSlots(
      input({
        type,
        busy: [
          busy("Cy", MONDAY, "10:00", "20:00"),
          busy("Ana", "2026-05-05", "10:00", "20:00"),
          busy("Ana", MONDAY, "13:00", "13:00"),
          busy("Ana", MONDAY, "15:00", "14:00"),
        ],
      }),
    );
    expect(slots).toHaveLength(37);
  });

  it("keeps the clean-up buffer after existing and new appointments", () => {
    const type = { ...MANICURE, durationMin: 30, technicians: ["Ana"] };
    const slots = listAvailableSlots(
      input({
        type,
        settings: { bufferMin: 15 },
        busy: [busy("Ana", MONDAY, "09:00", "09:55"), busy("Ana", MONDAY, "11:00", "12:00")],
      }),
    );
    const shown = labels(slots);
    expect(shown).not.toContain("10:00 AM"); // the 09:55 booking's clean-up runs to 10:10
    expect(shown).toContain("10:15 AM"); // 10:15-10:45, clean until 11:00
    expect(shown).not.toContain("10:30 AM");
    expect(shown).not.toContain("12:00 PM");
    expect(shown).toContain("12:15 PM");
  });

  it("merges overlapping and unsorted bookings correctly", () => {
    const type = { ...MANICURE, durationMin: 15, technicians: ["Ana"] };
    const slots = listAvailableSlots(
      input({
        type,
        busy: [
          busy("Ana", MONDAY, "13:00", "14:00"),
          busy("Ana", MONDAY, "10:30", "12:00"),
          busy("Ana", MONDAY, "11:00", "11:15"),
          busy("Ana", MONDAY, "12:00", "12:30"),
          busy("Ana", MONDAY, "19:00", "21:00"),
        ],
      }),
    );
    expect(labels(slots)).toEqual([
      "10:00 AM",
      "10:15 AM",
      "12:30 PM",
      "12:45 PM",
      "2:00 PM",
      "2:15 PM",
      "2:30 PM",
      "2:45 PM",
      "3:00 PM",
      "3:15 PM",
      "3:30 PM",
      "3:45 PM",
      "4:00 PM",
      "4:15 PM",
      "4:30 PM",
      "4:45 PM",
      "5:00 PM",
      "5:15 PM",
      "5:30 PM",
      "5:45 PM",
      "6:00 PM",
      "6:15 PM",
      "6:30 PM",
      "6:45 PM",
    ]);
  });
});

describe("listAvailableSlots: notice, horizon and closed days", () => {
  it("starts at least the minimum notice after now", () => {
    const slots = listAvailableSlots(input({ now: at(MONDAY, "10:05") }));
    expect(slots[0]?.label).toBe("11:15 AM");
    const exact = listAvailableSlots(input({ now: at(MONDAY, "10:00") }));
    expect(exact[0]?.label).toBe("11:00 AM"); // start == now + notice is allowed
    const noNotice = listAvailableSlots(
      input({ now: at(MONDAY, "10:05"), settings: { minNoticeMin: 0 } }),
    );
    expect(noNotice[0]?.label).toBe("10:15 AM");
  });

  it("offers nothing on a past date or late on the day itself", () => {
    expect(listAvailableSlots(input({ now: at("2026-05-05", "09:00") }))).toEqual([]);
    expect(listAvailableSlots(input({ now: at(MONDAY, "19:30") }))).toEqual([]);
  });

  it("stops at the booking horizon", () => {
    const now = at("2026-05-01", "12:00");
    const settings = { horizonDays: 3 };
    const lastDay = listAvailableSlots(input({ now, settings }));
    expect(labels(lastDay)).toEqual([
      "10:00 AM",
      "10:15 AM",
      "10:30 AM",
      "10:45 AM",
      "11:00 AM",
      "11:15 AM",
      "11:30 AM",
      "11:45 AM",
    ]);
    expect(listAvailableSlots(input({ now, settings, dateIso: "2026-05-05" }))).toEqual([]);
    // The default horizon is 180 days.
    expect(listAvailableSlots(input({ now, dateIso: addDaysIso("2026-05-01", 179) }))).not.toEqual(
      [],
    );
    expect(listAvailableSlots(input({ now, dateIso: addDaysIso("2026-05-01", 181) }))).toEqual([]);
  });

  it("offers nothing on a closed date", () => {
    expect(listAvailableSlots(input({ closedDates: [MONDAY] }))).toEqual([]);
    expect(listAvailableSlots(input({ closedDates: ["2026-05-05"] }))).toHaveLength(37);
  });

  it("leaves out a technician on their day off", () => {
    const slots = listAvailableSlots(
      input({ technicianDaysOff: [{ technician: "Ana", dateIso: MONDAY }] }),
    );
    expect(slots).toHaveLength(37);
    expect(slots.every((slot) => slot.freeTechnicians.join() === "Bo")).toBe(true);
    const bothOff = [
      { technician: "Ana", dateIso: MONDAY },
      { technician: "Bo", dateIso: MONDAY },
    ];
    expect(listAvailableSlots(input({ technicianDaysOff: bothOff }))).toEqual([]);
    const otherDay = [{ technician: "Ana", dateIso: "2026-05-05" }];
    expect(
      slotAt(listAvailableSlots(input({ technicianDaysOff: otherDay })), "10:00 AM")
        ?.freeTechnicians,
    ).toEqual(["Ana", "Bo"]);
  });

  it("offers nothing on a weekday the service is not offered", () => {
    const type = { ...MANICURE, daysOfWeek: ["Saturday" as const] };
    expect(listAvailableSlots(input({ type }))).toEqual([]);
    expect(listAvailableSlots(input({ type, dateIso: "2026-05-02" }))).not.toEqual([]);
  });

  it("offers nothing on a weekday the salon is closed", () => {
    expect(listAvailableSlots(input({ dateIso: "2026-05-03" }))).toEqual([]); // Sunday
    expect(listAvailableSlots(input({ dateIso: "2026-05-03", hours: OPEN_SUNDAYS }))).toHaveLength(
      37,
    );
  });
});

describe("listAvailableSlots: daylight-saving Sundays in Chicago", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const regular = labels(
    listAvailableSlots(input({ dateIso: "2026-03-01", hours: OPEN_SUNDAYS, now })),
  );

  it("keeps wall-clock slots on the spring-forward Sunday (2026-03-08)", () => {
    const slots = listAvailableSlots(input({ dateIso: "2026-03-08", hours: OPEN_SUNDAYS, now }));
    expect(labels(slots)).toEqual(regular);
    expect(slots.every((s) => s.label === formatSlotLabel(s.startsAt, ZONE))).toBe(true);
    expect(slots[0]?.startsAt.toISOString()).toBe("2026-03-08T15:00:00.000Z"); // 10:00 CDT
    expect(slots.at(-1)?.startsAt.toISOString()).toBe("2026-03-09T00:00:00.000Z"); // 7:00 PM CDT
    expect(slots.every((s) => s.endsAt.getTime() - s.startsAt.getTime() === 3_600_000)).toBe(true);
  });

  it("keeps wall-clock slots on the fall-back Sunday (2026-11-01)", () => {
    const slots = listAvailableSlots(
      input({ dateIso: "2026-11-01", hours: OPEN_SUNDAYS, now: new Date("2026-10-25T12:00:00Z") }),
    );
    expect(labels(slots)).toEqual(regular);
    expect(slots[0]?.startsAt.toISOString()).toBe("2026-11-01T16:00:00.000Z"); // 10:00 CST
    expect(slots.at(-1)?.endsAt.toISOString()).toBe("2026-11-02T02:00:00.000Z"); // 8:00 PM CST
  });

  // A night-time service shows what happens inside the changing hour itself.
  const NIGHT = weeklyHoursOf([
    { label: "Sun", days: ["Sunday"], opens: "00:00", closes: "06:00" },
  ]);
  const nightType = { ...MANICURE, startTime: "00:00", endTime: "06:00" };

  it("skips the wall times that do not exist and counts real minutes across the jump", () => {
    const slots = listAvailableSlots(
      input({ dateIso: "2026-03-08", hours: NIGHT, type: nightType, now }),
    );
    const shown = labels(slots);
    expect(shown).toContain("1:45 AM");
    expect(shown.some((label) => label.startsWith("2:"))).toBe(false);
    expect(slots.every((s) => s.label === formatSlotLabel(s.startsAt, ZONE))).toBe(true);
    // 02:00-02:45 must not reappear as duplicates of 03:00-03:45.
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toHaveLength(17);
    expect(shown[8]).toBe("3:00 AM");
    // 1:30 AM CST + 60 real minutes = 3:30 AM CDT.
    expect(slotAt(slots, "1:30 AM")?.endsAt.toISOString()).toBe("2026-03-08T08:30:00.000Z");
    // The day has 5 real hours: the last 60-minute slot starts at 5:00 AM.
    expect(shown.at(-1)).toBe("5:00 AM");
  });

  it("offers the repeated hour once, at its first occurrence", () => {
    const slots = listAvailableSlots(
      input({
        dateIso: "2026-11-01",
        hours: NIGHT,
        type: nightType,
        now: new Date("2026-10-25T12:00:00Z"),
      }),
    );
    const shown = labels(slots);
    expect(new Set(shown).size).toBe(shown.length);
    expect(slots.every((s) => s.label === formatSlotLabel(s.startsAt, ZONE))).toBe(true);
    expect(slotAt(slots, "1:30 AM")?.startsAt.toISOString()).toBe("2026-11-01T06:30:00.000Z");
    // 1:30 AM CDT + 60 real minutes = 1:30 AM CST.
    expect(slotAt(slots, "1:30 AM")?.endsAt.toISOString()).toBe("2026-11-01T07:30:00.000Z");
    expect(shown.at(-1)).toBe("5:00 AM");
  });
});

describe("listAvailableSlots: independent of the process time zone", () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  const scenario = () =>
    ["2026-03-08", "2026-05-04", "2026-11-01"].map((dateIso) =>
      listAvailableSlots(
        input({
          dateIso,
          hours: OPEN_SUNDAYS,
          now: new Date("2026-03-01T12:00:00Z"),
          settings: { horizonDays: 365 },
          busy: [busy("Ana", dateIso, "12:00", "13:00"), busy("Bo", dateIso, "12:30", "14:00")],
        }),
      ).map((s) => `${s.label} ${s.startsAt.toISOString()} ${s.freeTechnicians.join("+")}`),
    );

  it("gives the same slots in Asia/Tokyo and UTC as in Chicago", () => {
    process.env.TZ = "America/Chicago";
    const expected = scenario();
    expect(expected[0]?.[0]).toBe("10:00 AM 2026-03-08T15:00:00.000Z Ana+Bo");
    expect(expected[2]?.[0]).toBe("10:00 AM 2026-11-01T16:00:00.000Z Ana+Bo");
    process.env.TZ = "Asia/Tokyo";
    expect(scenario()).toEqual(expected);
    process.env.TZ = "UTC";
    expect(scenario()).toEqual(expected);
  });
});

describe("pickTechnician", () => {
  const slot: Slot = {
    label: "10:00 AM",
    startsAt: new Date(0),
    endsAt: new Date(1),
    freeTechnicians: ["Bo", "Cy"],
  };
  it("gives the preferred technician when free, none when not, else the first free", () => {
    expect(pickTechnician(slot, "Cy")).toBe("Cy");
    expect(pickTechnician(slot, "Ana")).toBeUndefined();
    expect(pickTechnician(slot)).toBe("Bo");
    expect(pickTechnician({ ...slot, freeTechnicians: [] })).toBeUndefined();
  });
});

describe("isSlotBookable", () => {
  const check = (hhmm: string, overrides: Partial<AvailabilityInput> = {}) =>
    isSlotBookable({ ...input(overrides), startsAt: at(overrides.dateIso ?? MONDAY, hhmm) });

  it("accepts an offered slot and names the technician", () => {
    expect(check("10:00")).toEqual({ ok: true, technician: "Ana" });
    expect(check("10:00", { technician: "Bo" })).toEqual({ ok: true, technician: "Bo" });
    expect(check("10:00", { busy: [busy("Ana", MONDAY, "10:30", "10:45")] })).toEqual({
      ok: true,
      technician: "Bo",
    });
  });

  it("gives the reason a start cannot be booked", () => {
    expect(check("10:00", { closedDates: [MONDAY] })).toEqual({ ok: false, reason: "closed" });
    expect(check("10:00", { dateIso: "2026-05-03" })).toEqual({ ok: false, reason: "closed" });
    expect(check("10:00", { type: { ...MANICURE, daysOfWeek: ["Tuesday"] } })).toEqual({
      ok: false,
      reason: "not-on-this-day",
    });
    expect(isSlotBookable({ ...input(), startsAt: at("2026-05-05", "10:00") })).toEqual({
      ok: false,
      reason: "not-on-this-day",
    });
    expect(check("09:45")).toEqual({ ok: false, reason: "outside-hours" });
    expect(check("19:15")).toEqual({ ok: false, reason: "outside-hours" });
    expect(check("10:05")).toEqual({ ok: false, reason: "not-on-step" });
    expect(
      isSlotBookable({ ...input(), startsAt: new Date(at(MONDAY, "10:00").getTime() + 1000) }),
    ).toEqual({ ok: false, reason: "not-on-step" });
    expect(check("10:30", { now: at(MONDAY, "10:00") })).toEqual({ ok: false, reason: "too-soon" });
    expect(
      check("12:00", { now: at("2026-05-01", "12:00"), settings: { horizonDays: 3 } }),
    ).toEqual({
      ok: false,
      reason: "beyond-horizon",
    });
    const bothBusy = [busy("Ana", MONDAY, "10:00", "11:00"), busy("Bo", MONDAY, "10:30", "10:45")];
    expect(check("10:00", { busy: bothBusy })).toEqual({ ok: false, reason: "taken" });
    expect(check("10:00", { technician: "Ana", busy: bothBusy.slice(0, 1) })).toEqual({
      ok: false,
      reason: "taken",
    });
    expect(check("10:00", { technician: "Cy" })).toEqual({ ok: false, reason: "taken" });
    expect(check("10:00", { technicianDaysOff: [{ technician: "Ana", dateIso: MONDAY }] })).toEqual(
      {
        ok: true,
        technician: "Bo",
      },
    );
  });

  it("refuses the second 1:30 AM of the fall-back night (not what the list offers)", () => {
    const night = weeklyHoursOf([
      { label: "Sun", days: ["Sunday"], opens: "00:00", closes: "06:00" },
    ]);
    const base = {
      ...input({
        dateIso: "2026-11-01",
        hours: night,
        type: { ...MANICURE, startTime: "00:00", endTime: "06:00" },
        now: new Date("2026-10-25T12:00:00Z"),
      }),
    };
    expect(isSlotBookable({ ...base, startsAt: new Date("2026-11-01T06:30:00Z") }).ok).toBe(true);
    expect(isSlotBookable({ ...base, startsAt: new Date("2026-11-01T07:30:00Z") })).toEqual({
      ok: false,
      reason: "not-on-step",
    });
  });

  it("agrees with listAvailableSlots on every 5-minute start of busy and daylight-saving days", () => {
    // A deterministic pseudo-random day of bookings (with duplicates, overlaps and odd lengths).
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    let taken = 0;
    for (const dateIso of ["2026-03-08", MONDAY, "2026-11-01"]) {
      const dayStart = at(dateIso, "09:00").getTime();
      const intervals: BusyInterval[] = Array.from({ length: 16 }, () => {
        const startMs = dayStart + Math.floor(random() * 12 * 60) * 60_000;
        const minutes = 5 + Math.floor(random() * 60);
        return {
          technician: random() < 0.5 ? "Ana" : "Bo",
          startMs,
          endMs: startMs + minutes * 60_000,
        };
      });
      for (const settings of [{}, { bufferMin: 10 }, { slotStepMin: 20, minNoticeMin: 0 }]) {
        const base = input({
          dateIso,
          hours: OPEN_SUNDAYS,
          busy: intervals,
          settings,
          now: new Date(dayStart + 2 * 3_600_000),
          type: { ...MANICURE, durationMin: 35 },
        });
        const offered = new Map(
          listAvailableSlots(base).map((slot) => [slot.startsAt.getTime(), slot]),
        );
        expect(offered.size).toBeGreaterThan(0);
        for (let minute = 0; minute < 24 * 60; minute += 5) {
          const startsAt = new Date(at(dateIso, "00:00").getTime() + minute * 60_000);
          const verdict = isSlotBookable({ ...base, startsAt });
          if (!verdict.ok && verdict.reason === "taken") taken += 1;
          const slot = offered.get(startsAt.getTime());
          expect(verdict.ok, `${dateIso} ${startsAt.toISOString()}`).toBe(slot !== undefined);
          if (verdict.ok) expect(verdict.technician).toBe(slot && pickTechnician(slot));
        }
      }
    }
    // The bookings really blocked some starts, so the agreement covers both answers.
    expect(taken).toBeGreaterThan(20);
  });
});

describe("the salon's own hours: a midday break and special hours", () => {
  const BREAK = {
    ...HOURS,
    Monday: [
      { start: "10:00", end: "13:00" },
      { start: "14:00", end: "20:00" },
    ],
  };

  it("offers no time across the break, and confirms none", () => {
    const offered = labels(listAvailableSlots(input({ hours: BREAK })));
    expect(offered).toContain("12:00 PM");
    expect(offered).not.toContain("12:15 PM");
    expect(offered).not.toContain("1:30 PM");
    expect(offered).toContain("2:00 PM");
    const at = (wall: string) => zonedDateTime(MONDAY, wall, ZONE);
    expect(isSlotBookable({ ...input({ hours: BREAK }), startsAt: at("12:30") })).toEqual({
      ok: false,
      reason: "outside-hours",
    });
    expect(isSlotBookable({ ...input({ hours: BREAK }), startsAt: at("14:00") }).ok).toBe(true);
  });

  it("ends the day at a special closing: nothing at or after 3:00 PM ends past it", () => {
    const special = [
      { fromDate: MONDAY, toDate: MONDAY, closed: false, opens: "10:00", closes: "15:00" },
    ];
    const offered = labels(listAvailableSlots(input({ specialHours: special })));
    expect(offered.at(-1)).toBe("2:00 PM");
    const closed = [{ fromDate: MONDAY, toDate: MONDAY, closed: true }];
    expect(listAvailableSlots(input({ specialHours: closed }))).toEqual([]);
  });
});
