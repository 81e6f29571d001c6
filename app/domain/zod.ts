import { z } from "zod";
import { DEFAULT_LOCALE, LOCALES } from "./i18n/locale";

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

// Control characters (line breaks, tabs, NUL...), line and paragraph separators, and the bidi
// controls that reorder what follows them: none belongs in a name, and each lets a stranger shape
// how the salon's emails and pages read (docs/security.md).
const ONE_LINE = /^[^\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/u;

/** A person's name as a form field: required, at most `max` characters, one plain line. */
export function nameField(max: number) {
  return z
    .string("Required")
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max} characters`)
    .regex(ONE_LINE, "Write the name on one line, without special characters");
}

export const ONE_LINE_MESSAGE = "Write it on one line, without line breaks or special characters";

/**
 * A required text the salon writes that reaches an email's subject or lines, or a calendar
 * file's property (a service, category or technician name, a summary): at most `max` characters,
 * one plain line (docs/security.md).
 */
export function lineField(max: number) {
  return z
    .string("Required")
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max} characters`)
    .regex(ONE_LINE, ONE_LINE_MESSAGE);
}

/**
 * The Spanish beside a `lineField` (issue 39): checked the same way, but optional (absent or blank
 * is "", and the English is shown).
 */
export function optionalLineField(max: number) {
  return z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, `At most ${max} characters`).regex(ONE_LINE, ONE_LINE_MESSAGE));
}

/** The Spanish beside a required free text of at most `max` characters: optional (absent is ""). */
export function optionalText(max: number) {
  return z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, `At most ${max} characters`));
}

/**
 * The language a request comes in (issue 39): a booking's, a waitlist join's or a contact
 * message's page ("en" or "es", a hidden field), or the caller's chosen at the front desk. Absent
 * or empty: English; anything else is refused.
 */
export const localeField = z
  .string()
  .optional()
  .transform((value) => (value ? value : DEFAULT_LOCALE))
  .pipe(z.enum(LOCALES, "Choose English or Español"));

/** Whether `value` is one plain line (no control characters, separators or bidi controls). */
export const isOneLine = (value: string): boolean => ONE_LINE.test(value);

/**
 * A text the salon's pages show on one line though it may be typed or pasted over several (a
 * review's quote, a photo's alt text or caption): line breaks and runs of spaces become one space,
 * then it is at most `max` characters of one plain line (`special` says so otherwise). With
 * `required`, the message when nothing is written; without, it may be left out (read as "").
 */
export function collapsedLine(max: number, { required, special }: CollapsedLineMessages) {
  const collapse = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
  const base = required ? z.string().min(1, required) : z.string();
  const line = base.max(max, `At most ${max} characters`).refine(isOneLine, special);
  if (required) return z.string("Required").transform(collapse).pipe(line);
  return z.string().optional().transform(collapse).pipe(line);
}

interface CollapsedLineMessages {
  required?: string;
  special: string;
}
