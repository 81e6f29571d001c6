// The Team form's week (docs/product.md#team): a day's hours with up to two breaks become ranges,
// and back; what cannot be a working day is refused by field.
import { describe, expect, it } from "vitest";
import { hoursFormValues } from "~/domain/booking/technician-hours";
import { readTechnicianForm } from "./team-form.server";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  data.set("name", "Nia");
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("readTechnicianForm", () => {
  it("cuts a day at its two breaks, and shows the same fields again", () => {
    const fields = {
      "tuesday-start": "10:00",
      "tuesday-end": "19:00",
      "tuesday-breakStart": "12:00",
      "tuesday-breakEnd": "12:30",
      "tuesday-break2Start": "15:00",
      "tuesday-break2End": "15:15:00",
    };
    const read = readTechnicianForm(form(fields));
    expect(read).toEqual({
      ok: true,
      name: "Nia",
      hours: {
        Tuesday: [
          { start: "10:00", end: "12:00" },
          { start: "12:30", end: "15:00" },
          { start: "15:15", end: "19:00" },
        ],
      },
    });
    if (!read.ok) return;
    const values = hoursFormValues(read.hours);
    expect(values).toMatchObject({ ...fields, "tuesday-break2End": "15:15" });
    expect(values["monday-start"]).toBe("");
  });

  it("takes a second break alone as the day's break", () => {
    const read = readTechnicianForm(
      form({
        "friday-start": "10:00",
        "friday-end": "18:00",
        "friday-break2Start": "13:00",
        "friday-break2End": "13:30",
      }),
    );
    expect(read).toMatchObject({
      ok: true,
      hours: {
        Friday: [
          { start: "10:00", end: "13:00" },
          { start: "13:30", end: "18:00" },
        ],
      },
    });
  });

  it("refuses a second break before the first, or outside the day, by field", () => {
    const day = { "tuesday-start": "10:00", "tuesday-end": "19:00" };
    expect(
      readTechnicianForm(
        form({
          ...day,
          "tuesday-breakStart": "15:00",
          "tuesday-breakEnd": "15:30",
          "tuesday-break2Start": "12:00",
          "tuesday-break2End": "12:30",
        }),
      ),
    ).toEqual({
      ok: false,
      kind: "invalid",
      fieldErrors: { "tuesday-break2Start": "After the first break, inside the day" },
    });
    expect(
      readTechnicianForm(
        form({ ...day, "tuesday-break2Start": "18:45", "tuesday-break2End": "19:30" }),
      ),
    ).toMatchObject({ ok: false, fieldErrors: { "tuesday-break2Start": expect.any(String) } });
    expect(readTechnicianForm(form({ ...day, "tuesday-break2Start": "13:00" }))).toMatchObject({
      ok: false,
      fieldErrors: { "tuesday-break2End": expect.any(String) },
    });
  });
});
