import { describe, expect, it } from "vitest";
import { z } from "../../domain/zod";
import { formList, formText, MAX_FORM_FIELDS, parseForm, readForm } from "./form.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://salon.test/contact", { method: "POST", body, headers });

/** The contact form's four fields and `padding` more. */
function fields(padding: number): [string, string][] {
  return [
    ["name", "Ana Ruiz"],
    ["email", "ana@example.com"],
    ["reason", "Question"],
    ["message", "Walk-ins on Sundays?"],
    ...Array.from({ length: padding }, (_, i): [string, string] => [`extra${i}`, "x"]),
  ];
}

function multipart(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("readForm", () => {
  it("reads a URL-encoded or multipart form of up to 200 fields", async () => {
    const most = fields(MAX_FORM_FIELDS - 4);
    const encoded = await readForm(post(new URLSearchParams(most)));
    expect(encoded?.get("email")).toBe("ana@example.com");
    expect([...(encoded?.keys() ?? [])]).toHaveLength(200);
    const parts = await readForm(post(multipart(most)));
    expect(parts?.get("message")).toBe("Walk-ins on Sundays?");
    expect([...(parts?.keys() ?? [])]).toHaveLength(200);
  });

  it("refuses a form of 201 fields or more, in either encoding, before parsing it", async () => {
    expect(await readForm(post(new URLSearchParams(fields(MAX_FORM_FIELDS - 3))))).toBeNull();
    expect(await readForm(post(multipart(fields(MAX_FORM_FIELDS - 3))))).toBeNull();
    // 64 KB of empty fields: 32,768 of them, refused by counting.
    const flood = "&".repeat(32_767);
    expect(
      await readForm(post(flood, { "Content-Type": "application/x-www-form-urlencoded" })),
    ).toBeNull();
  });

  it("refuses what is not a form, and a NUL character anywhere", async () => {
    expect(
      await readForm(post('{"name":"Ana"}', { "Content-Type": "application/json" })),
    ).toBeNull();
    expect(await readForm(post(new URLSearchParams([["name", "A\u0000na"]])))).toBeNull();
    expect(await readForm(post(new URLSearchParams([["na\u0000me", "Ana"]])))).toBeNull();
  });
});

describe("parseForm", () => {
  /** A form whose field names differ from the service's: `date` and `slot` become `dateIso`, `startsAt`. */
  const TimeForm = z
    .object({
      date: z.string("Required").regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a valid date"),
      slot: z.string("Choose a time").pipe(z.iso.datetime("Choose a time")),
      note: formText,
      period: formList,
      days: z.preprocess((value) => value, z.array(z.string()).min(1, "Choose a day")),
    })
    .transform(({ date, slot, ...rest }) => ({ ...rest, dateIso: date, startsAt: slot }));

  const form = (entries: [string, string | Blob][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it("reads single values and every value of a repeated field, into the service's names", () => {
    const read = parseForm(
      form([
        ["date", "2026-05-02"],
        ["slot", "2026-05-02T15:00:00.000Z"],
        ["note", "first"],
        ["note", "second"],
        ["period", "morning"],
        ["period", "evening"],
        ["days", "Monday"],
        ["extra", "ignored"],
      ]),
      TimeForm,
    );
    expect(read).toEqual({
      ok: true,
      data: {
        dateIso: "2026-05-02",
        startsAt: "2026-05-02T15:00:00.000Z",
        note: "first",
        period: ["morning", "evening"],
        days: ["Monday"],
      },
    });
  });

  it("reads a missing field as undefined, a missing list as empty, a file as missing", () => {
    const Notes = z.object({ note: formText, period: formList });
    expect(parseForm(form([]), Notes)).toEqual({ ok: true, data: { note: undefined, period: [] } });
    const file = new Blob(["x"]);
    expect(parseForm(form([["note", file]]), Notes)).toEqual({
      ok: true,
      data: { note: undefined, period: [] },
    });
  });

  it("keys each field error by the form's field name, one message per field", () => {
    const read = parseForm(
      form([
        ["date", "2026-05-02"],
        ["slot", "3 PM"],
      ]),
      TimeForm,
    );
    expect(read).toEqual({
      ok: false,
      fieldErrors: { slot: "Choose a time", days: "Choose a day" },
    });
    expect(parseForm(form([]), TimeForm)).toMatchObject({
      ok: false,
      fieldErrors: { date: "Required", slot: "Choose a time" },
    });
  });

  it("never sees a form readForm refuses: too many fields, or a NUL character", async () => {
    const flood = new URLSearchParams(fields(MAX_FORM_FIELDS - 3));
    expect(await readForm(post(flood))).toBeNull();
    expect(await readForm(post(new URLSearchParams([["date", "2026-05-02\u0000"]])))).toBeNull();
    const most = await readForm(post(new URLSearchParams(fields(MAX_FORM_FIELDS - 4))));
    expect(most && parseForm(most, z.object({ name: formText, email: formText }))).toEqual({
      ok: true,
      data: { name: "Ana Ruiz", email: "ana@example.com" },
    });
  });
});
