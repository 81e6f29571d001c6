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
