// Reading a posted form for an action. The body is at most MAX_BODY_BYTES (server/request-guard.ts
// refuses larger ones unread); here its fields are counted before anything is parsed, so a body
// of thousands of tiny fields costs a scan, not a parse. PostgreSQL text cannot hold the NUL
// character: a form carrying one would fail at the database with a 500 (found by
// tests/integration/bad-input.test.ts). No person types it, so such a form is refused as
// unreadable, like a body that is not a form.

/** More fields than any form of ours has (the type form, the largest, has about 15). */
export const MAX_FORM_FIELDS = 200;

/**
 * The request's form (URL-encoded or multipart, as browsers send forms), or null when it is not a
 * readable form, has more than MAX_FORM_FIELDS fields, or contains a NUL character.
 */
export async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get("Content-Type") ?? "";
  const body = await request.arrayBuffer().catch(() => null);
  if (!body || fieldCount(type, body) > MAX_FORM_FIELDS) return null;
  const form = await new Response(body, { headers: { "Content-Type": type } })
    .formData()
    .catch(() => null);
  if (!form) return null;
  for (const [name, value] of form) {
    if (name.includes("\u0000")) return null;
    if (typeof value === "string" ? value.includes("\u0000") : value.name.includes("\u0000")) {
      return null;
    }
  }
  return form;
}

/**
 * How many fields the body holds, counted on its bytes (read as latin1: one character per byte):
 * "&"-separated pairs of a URL-encoded body, the parts between the boundaries of a multipart one.
 * Other types count 0: parsing refuses them.
 */
function fieldCount(type: string, body: ArrayBuffer): number {
  const text = Buffer.from(body).toString("latin1");
  const mime = type.split(";")[0]?.trim().toLowerCase();
  if (mime === "application/x-www-form-urlencoded") {
    return text === "" ? 0 : text.split("&").length;
  }
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (mime === "multipart/form-data" && boundary) {
    return text.split(`--${boundary}`).length - 2;
  }
  return 0;
}

/** A form's text fields by name: the zod schemas of the services take this object. */
export type FormFields = Partial<Record<string, string>>;

/**
 * Each field's first value, as `form.get` gives it; a file reads as a missing field (no form of
 * ours uploads one). A field a form repeats (the weekday checkboxes) is read with `form.getAll`.
 */
export function formFields(form: FormData): FormFields {
  return Object.fromEntries(
    [...new Set(form.keys())].map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : undefined];
    }),
  );
}
