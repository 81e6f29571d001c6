import { z } from "zod";

// zod 4 compiles object parsers with `new Function` when it can. Our CSP forbids eval, so in the
// browser that probe is a CSP violation (a console error, a Lighthouse best-practices finding).
// Jitless parsing is fast enough for forms. Import `z` from here, not from "zod".
z.config({ jitless: true });

export { z };

/** The first message for each field of a failed parse, as the forms show them. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  return fieldErrors;
}
