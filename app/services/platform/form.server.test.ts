import { describe, expect, it } from "vitest";
import { MAX_FORM_FIELDS, readForm } from "./form.server";

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
