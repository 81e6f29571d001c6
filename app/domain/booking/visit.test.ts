import { describe, expect, it } from "vitest";
import { weeklyHoursOf } from "./opening-hours";
import { isSlotBookable } from "./slot-check";
import { type AppointmentTypeRule, type BusyInterval, listAvailableSlots } from "./slots";
import { formatSlotLabel, WEEKDAYS, zonedDateTime } from "./time-zone";
import { listVisitSlots, type VisitInput, type VisitItem, visitAt, withAddOns } from "./visit";

const ZONE = "America/Chicago";
const MONDAY = "2026-05-04";
const HOURS = weeklyHoursOf([
  { label: "Every day", days: [...WEEKDAYS], opens: "10:00", closes: "20:00" },
]);
const rule = (id: string, durationMin: number, technicians: string[], extra = {}) =>
  ({
    id,
    durationMin,
    daysOfWeek: [...WEEKDAYS],
    startTime: "10:00",
    endTime: "20:00",
    technicians,
    ...extra,
  }) satisfies AppointmentTypeRule;

const MANICURE = rule("manicure", 45, ["Ana", "Bo"], { sideBySide: true });
const PEDICURE = rule("pedicure", 60, ["Bo", "Cy"], { sideBySide: true });
const WAX = rule("wax", 15, ["Cy"]);
const NAIL_ART = rule("nail-art", 15, ["Ana", "Bo"]);

const at = (hhmm: string) => zonedDateTime(MONDAY, hhmm, ZONE);
const busy = (technician: string, from: string, to: string): BusyInterval => ({
  technician,
  startMs: at(from).getTime(),
  endMs: at(to).getTime(),
});
const clock = (ms: number) => formatSlotLabel(ms, ZONE);
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

function input(items: VisitItem[], extra: Partial<VisitInput> = {}): VisitInput {
  return {
    dateIso: MONDAY,
    items,
    hours: HOURS,
    busy: [],
    now: new Date("2026-05-01T12:00:00Z"),
    zone: ZONE,
    ...extra,
  };
}

/** "10:00 AM Ana 10:00 AM-10:45 AM | ..." for one slot. */
const describeSlot = (slot: ReturnType<typeof visitAt>) =>
  slot?.parts.map((p) => `${p.technician} ${clock(p.startMs)}-${clock(p.endMs)}`).join(" | ");

describe("listVisitSlots", () => {
  it("for one service without add-ons, offers exactly what listAvailableSlots offers", () => {
    const cases: Partial<VisitInput>[] = [
      {},
      { busy: [busy("Ana", "11:00", "12:10"), busy("Bo", "10:30", "11:15")] },
      { busy: [busy("Ana", "10:00", "19:00")], settings: { bufferMin: 10 } },
      { technicianHours: { Bo: { Monday: [{ start: "12:00", end: "14:00" }] } } },
      { now: at("13:07") },
    ];
    for (const extra of cases) {
      for (const technician of [undefined, "Bo"]) {
        const single = listAvailableSlots({
          ...input([], extra),
          type: { ...MANICURE, bufferMin: 15 },
          technician,
        });
        const visit = listVisitSlots(
          input([{ type: { ...MANICURE, bufferMin: 15 }, addOns: [], technician }], extra),
        );
        expect(visit.map((slot) => [slot.label, slot.parts[0]?.technician])).toEqual(
          single.map((slot) => [slot.label, slot.freeTechnicians[0]]),
        );
      }
    }
  });

  it("for one service, with or without add-ons, lists exactly the starts visitAt arranges", () => {
    const cases: Partial<VisitInput>[] = [
      {},
      { busy: [busy("Ana", "11:00", "12:10"), busy("Bo", "10:30", "11:15")] },
      { busy: [busy("Ana", "10:00", "19:00")], settings: { bufferMin: 10 } },
      { technicianHours: { Bo: { Monday: [{ start: "12:00", end: "14:00" }] } } },
      { now: at("13:07") },
    ];
    const manicure = { ...MANICURE, bufferMin: 15 };
    for (const extra of cases) {
      for (const technician of [undefined, "Bo"]) {
        for (const addOns of [[], [NAIL_ART]]) {
          const one = input([{ type: manicure, addOns, technician }], extra);
          const listed = new Map(
            listVisitSlots(one).map((slot) => [slot.startsAt.getTime(), slot] as const),
          );
          expect(listed.size).toBeGreaterThan(0);
          for (let minute = 10 * 60; minute < 20 * 60; minute += 5) {
            const startsAt = zonedDateTime(MONDAY, hhmm(minute), ZONE);
            const arranged = visitAt({ ...one, startsAt });
            const slot = listed.get(startsAt.getTime());
            expect(arranged?.parts, `${technician} ${addOns.length} ${hhmm(minute)}`).toEqual(
              slot?.parts,
            );
            expect(slot?.freeTechnicians[0]).toBe(slot?.parts[0]?.technician);
          }
        }
      }
    }
  });

  it("puts services side by side with two technicians when both allow it", () => {
    const slot = visitAt({
      ...input([
        { type: MANICURE, addOns: [] },
        { type: PEDICURE, addOns: [] },
      ]),
      startsAt: at("10:00"),
    });
    expect(describeSlot(slot)).toBe("Ana 10:00 AM-10:45 AM | Bo 10:00 AM-11:00 AM");
    expect(slot?.endsAt).toEqual(at("11:00"));
  });

  it("puts a service after the other when it cannot be done side by side", () => {
    const slot = visitAt({
      ...input([
        { type: MANICURE, addOns: [] },
        { type: WAX, addOns: [] },
      ]),
      startsAt: at("10:00"),
    });
    expect(describeSlot(slot)).toBe("Ana 10:00 AM-10:45 AM | Cy 10:45 AM-11:00 AM");
  });

  it("has one technician do two services one after the other, after her own clean-up", () => {
    const slot = visitAt({
      ...input([
        { type: { ...MANICURE, bufferMin: 10 }, addOns: [], technician: "Bo" },
        { type: PEDICURE, addOns: [], technician: "Bo" },
      ]),
      startsAt: at("10:00"),
    });
    expect(describeSlot(slot)).toBe("Bo 10:00 AM-10:45 AM | Bo 10:55 AM-11:55 AM");
  });

  it("adds an add-on's minutes to its service, done by a technician who does both", () => {
    const item = { type: rule("massage", 30, ["Cy", "Bo"]), addOns: [NAIL_ART] };
    expect(withAddOns(item)).toMatchObject({ durationMin: 45, technicians: ["Bo"] });
    const slot = visitAt({ ...input([item]), startsAt: at("10:00") });
    expect(describeSlot(slot)).toBe("Bo 10:00 AM-10:45 AM");
  });

  it("offers a time only when every service fits: busy technicians, her hours, the service's end", () => {
    const items = [
      { type: MANICURE, addOns: [] },
      { type: WAX, addOns: [] },
    ];
    const labels = (extra: Partial<VisitInput>) =>
      listVisitSlots(input(items, extra)).map((slot) => slot.label);
    // Cy waxes at 10:45 only if free then.
    expect(labels({ busy: [busy("Cy", "10:30", "11:00")] })).not.toContain("10:00 AM");
    expect(labels({ busy: [busy("Cy", "10:30", "11:00")] })).toContain("10:15 AM");
    // Her hours end at 12:00: a visit whose wax would end after it is not offered.
    const hours = { technicianHours: { Cy: { Monday: [{ start: "10:00", end: "12:00" }] } } };
    expect(labels(hours)).toContain("11:00 AM");
    expect(labels(hours)).not.toContain("11:15 AM");
    // The wax must end by 8:00 PM: a manicure at 7:00 PM leaves time for it, one at 7:15 PM not.
    expect(labels({})).toContain("7:00 PM");
    expect(labels({})).not.toContain("7:15 PM");
  });

  it("gives only the earliest times when asked for a few (the month calendar asks for one)", () => {
    const items = [{ type: WAX, addOns: [] }];
    const extra = { busy: [busy("Cy", "10:00", "11:00")] };
    const all = listVisitSlots(input(items, extra));
    expect(listVisitSlots(input(items, extra), 1)).toEqual(all.slice(0, 1));
    expect(listVisitSlots(input(items, extra), 1)[0]?.label).toBe("11:00 AM");
    expect(listVisitSlots(input(items, { busy: [busy("Cy", "10:00", "20:00")] }), 1)).toEqual([]);
  });

  it("keeps each service's clean-up free before anyone's next booking", () => {
    const items = [{ type: { ...WAX, bufferMin: 15 }, addOns: [] }];
    const labels = listVisitSlots(input(items, { busy: [busy("Cy", "11:00", "12:00")] })).map(
      (slot) => slot.label,
    );
    // A wax at 10:45 ends at 11:00 and its clean-up would run into the 11:00 booking; one at
    // 10:30 cleans up until 11:00 exactly.
    expect(labels).toContain("10:30 AM");
    expect(labels).not.toContain("10:45 AM");
    // The single-service check agrees.
    const single = {
      ...input([]),
      type: { ...WAX, bufferMin: 15 },
      busy: [busy("Cy", "11:00", "12:00")],
    };
    expect(isSlotBookable({ ...single, startsAt: at("10:45") })).toEqual({
      ok: false,
      reason: "taken",
    });
    expect(isSlotBookable({ ...single, startsAt: at("10:30") })).toEqual({
      ok: true,
      technician: "Cy",
    });
  });

  it("offers nothing when a requested technician does not do the service or its add-on", () => {
    expect(listVisitSlots(input([{ type: MANICURE, addOns: [], technician: "Cy" }]))).toEqual([]);
    expect(
      listVisitSlots(input([{ type: rule("massage", 30, ["Cy"]), addOns: [NAIL_ART] }])),
    ).toEqual([]);
  });
});
