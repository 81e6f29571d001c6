// Reading a posted form for an action. PostgreSQL text cannot hold the NUL character: a form
// carrying one would fail at the database with a 500 (found by tests/integration/bad-input.test.ts).
// No person types it, so such a form is refused as unreadable, like a body that is not a form.

/** The request's form, or null when it is not a readable form or contains a NUL character. */
export async function readForm(request: Request): Promise<FormData | null> {
  const form = await request.formData().catch(() => null);
  if (!form) return null;
  for (const [name, value] of form) {
    if (name.includes("\u0000")) return null;
    if (typeof value === "string" ? value.includes("\u0000") : value.name.includes("\u0000")) {
      return null;
    }
  }
  return form;
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
