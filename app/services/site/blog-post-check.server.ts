// What staff write in a blog post's form ('Blog Posts', docs/product.md#blog-posts), checked
// before anything is stored: each wrong field gets its message, and a post's address (its slug)
// is made from its title. No database here, so the rules are tested on their own
// (blog-markdown.server.test.ts).
import { LOCALES, type Locale } from "../../domain/i18n/locale";
import { isOneLine, z } from "../../domain/zod";
import type { FormFields } from "../platform/form.server";

export const MAX_TAGS = 12;
const MAX_TAG_LENGTH = 40;
// Well under the upload reader's 100 KB a field (photo-upload.server.ts), in any script and with
// the CRLF line endings a browser sends; about 5,000 words.
export const MAX_BODY_LENGTH = 30_000;

/** The body's field error past MAX_BODY_LENGTH (a save's and a Preview's). */
export const BODY_TOO_LONG = `At most ${MAX_BODY_LENGTH.toLocaleString("en-US")} characters`;

/** The body with line endings as a textarea sends them made "\n"; nothing else changes. */
export const bodyLines = (body: string) => body.replace(/\r\n?/g, "\n");

/** A post as staff wrote it, checked. */
export interface PostInput {
  title: string;
  author: string;
  date: string;
  description: string;
  tags: string[];
  bodyMarkdown: string;
  /** What the cover photo shows; "" when it is decorative (or there is none). */
  coverAlt: string;
  /** 'Language': the blog, feed and sitemap of that language list it (issue 39). */
  language: Locale;
}

/** The form's text fields, by the names the page posts them under. */
export const POST_FIELDS = [
  "title",
  "author",
  "date",
  "description",
  "tags",
  "body",
  "coverAlt",
  "language",
] as const;

const oneLine = (max: number, required: boolean) =>
  z
    .string()
    .trim()
    .refine((value) => !required || value.length > 0, "Required")
    .refine((value) => value.length <= max, `At most ${max} characters`)
    .refine(isOneLine, "Write it on one line, without line breaks or special characters");

/** "YYYY-MM-DD" that is a day of the calendar. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** Tags as the spec's posts write them: "manicures, nail care, gel". */
export function splitTags(tags: string): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const raw of tags.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (tag === "" || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    list.push(tag);
  }
  return list;
}

const PostSchema = z.object({
  title: oneLine(160, true),
  author: oneLine(80, true),
  date: z
    .string()
    .trim()
    .refine(isCalendarDate, "Enter a date, like 2026-05-14")
    .refine(
      (value) => value >= "2000-01-01" && value <= "2099-12-31",
      "Enter a date, like 2026-05-14",
    ),
  description: z
    .string()
    .trim()
    .max(500, "At most 500 characters")
    .refine(isOneLine, "Write it as one paragraph, without line breaks or special characters"),
  tags: z
    .string()
    .transform(splitTags)
    .refine((tags) => tags.length <= MAX_TAGS, `At most ${MAX_TAGS} tags`)
    .refine(
      (tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH && isOneLine(tag)),
      `Each tag at most ${MAX_TAG_LENGTH} characters, separated by commas`,
    ),
  body: z
    .string()
    .refine((value) => value.trim().length > 0, "Required")
    .refine((value) => value.length <= MAX_BODY_LENGTH, BODY_TOO_LONG),
  coverAlt: oneLine(200, false),
  language: z.enum(LOCALES, "Choose English or Español"),
});

export type PostCheck =
  | { ok: true; post: PostInput }
  | { ok: false; fieldErrors: Record<string, string> };

/** Checks the form's fields; each wrong one gets its message, keyed by the field's name. */
export function checkPost(fields: FormFields): PostCheck {
  const parsed = PostSchema.safeParse({
    title: fields.title ?? "",
    author: fields.author ?? "",
    date: fields.date ?? "",
    // A description is one paragraph: line breaks typed in its box become spaces.
    description: (fields.description ?? "").replace(/\s*[\r\n]+\s*/g, " "),
    tags: fields.tags ?? "",
    // Line endings as a textarea sends them; nothing else changes what was typed.
    body: bodyLines(fields.body ?? ""),
    coverAlt: fields.coverAlt ?? "",
    // An older form without the field: English, as every post before it.
    language: fields.language || "en",
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const { body, ...rest } = parsed.data;
  return { ok: true, post: { ...rest, bodyMarkdown: body } };
}

/** A post's address part: "Five Reasons to Choose Us!" -> "five-reasons-to-choose-us". */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "post";
}
