// 'Page Texts' (docs/product.md#page-texts): the words of the home page, its welcome card, the
// About page's sections and the contact page's introduction, one page_texts row per text. A text
// without a row shows its first-start words (app/content/page-texts.ts, about-sections.ts), so a
// new database needs no seed and nothing is migrated. Saving writes only the texts that changed;
// the route runs it in a transaction with its activity record (app/routes/site-texts.tsx).
import { sql } from "drizzle-orm";
import { aboutSections } from "../../content/about-sections";
import type { ImageKey } from "../../content/images";
import { contactTexts, homeTexts, welcomeTexts } from "../../content/page-texts";
import { fieldErrorsOf, lineField, z } from "../../domain/zod";
import { PAGE_TEXT_FIELDS, type PageTextField } from "../../lib/page-text-fields";
import type { Database } from "../db/client.server";
import { pageTexts } from "../db/schema.server";

/** The texts as the form holds them: field name -> value ("yes" / "" for a checkbox). */
export type PageTextValues = Record<string, string>;

/** Every text's first-start value, by its row's key. */
const SEED: Readonly<Record<string, string>> = {
  "home.heading": homeTexts.heading,
  "home.text": homeTexts.text,
  "welcome.show": welcomeTexts.show ? "yes" : "no",
  "welcome.heading": welcomeTexts.heading,
  "welcome.text": welcomeTexts.text,
  ...Object.fromEntries(
    aboutSections.flatMap((section, index) => [
      [`about.${index + 1}.heading`, section.title],
      [`about.${index + 1}.text`, section.paragraphs.join("\n\n")],
    ]),
  ),
  "contact.intro": contactTexts.intro,
};

/** What the public pages show. */
export interface PageTexts {
  home: { heading: string; text: string };
  welcome: { show: boolean; heading: string; text: string };
  about: { id: string; heading: string; text: string; imageKey: ImageKey }[];
  contactIntro: string;
}

/** Each text by its key: the saved row, else the seed. */
async function readByKey(db: Database): Promise<Record<string, string>> {
  const rows = await db.select({ key: pageTexts.key, value: pageTexts.value }).from(pageTexts);
  const values: Record<string, string> = { ...SEED };
  for (const row of rows) values[row.key] = row.value;
  return values;
}

const text = (values: Record<string, string>, key: string) => values[key] ?? "";

/** The texts for the public pages. */
export async function readPageTexts(db: Database): Promise<PageTexts> {
  const values = await readByKey(db);
  return {
    home: { heading: text(values, "home.heading"), text: text(values, "home.text") },
    welcome: {
      show: values["welcome.show"] !== "no",
      heading: text(values, "welcome.heading"),
      text: text(values, "welcome.text"),
    },
    // The sections keep their anchors (/about#hygiene) and, until a photo is given, their
    // illustrations.
    about: aboutSections.map((section, index) => ({
      id: section.id,
      heading: text(values, `about.${index + 1}.heading`),
      text: text(values, `about.${index + 1}.text`),
      imageKey: section.imageKey,
    })),
    contactIntro: text(values, "contact.intro"),
  };
}

/** The texts as the 'Page Texts' form shows them, by field name. */
export async function readPageTextValues(db: Database): Promise<PageTextValues> {
  const values = await readByKey(db);
  return Object.fromEntries(
    PAGE_TEXT_FIELDS.map((field) => {
      const value = text(values, field.key);
      return [field.name, field.kind === "flag" ? (value === "no" ? "" : "yes") : value];
    }),
  );
}

// Line breaks as typed in a browser (\r\n) are kept as \n; no other control character, line or
// paragraph separator or bidi control belongs in a page's words (docs/security.md).
const MULTI_LINE = /^[^\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/u;

function schemaOf(field: PageTextField) {
  if (field.kind === "flag") {
    return z
      .string()
      .optional()
      .transform((value) => (value ? "yes" : "no"));
  }
  if (field.kind === "line") return lineField(field.max);
  return z
    .string("Required")
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, "Required")
        .max(field.max, `At most ${field.max} characters`)
        .refine(
          (value) => MULTI_LINE.test(value.replaceAll("\n", "")),
          "Write it without special characters",
        ),
    );
}

/** The form, checked: every text, by field name. */
export const PageTextsSchema = z.object(
  Object.fromEntries(PAGE_TEXT_FIELDS.map((field) => [field.name, schemaOf(field)])),
);

export type SavePageTextsResult =
  | { ok: true; changed: string[] }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> };

/**
 * 'Save Texts': checks every text (one wrong field saves nothing) and writes those that differ
 * from what the pages show now. `changed` lists their labels (the activity record).
 */
export async function savePageTexts(db: Database, input: unknown): Promise<SavePageTextsResult> {
  const parsed = PageTextsSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const form = parsed.data as Record<string, string>;
  const current = await readByKey(db);
  const changed = PAGE_TEXT_FIELDS.filter((field) => form[field.name] !== current[field.key]);
  if (changed.length > 0) {
    await db
      .insert(pageTexts)
      .values(changed.map((field) => ({ key: field.key, value: form[field.name] as string })))
      .onConflictDoUpdate({
        target: pageTexts.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
  }
  return { ok: true, changed: changed.map((field) => field.label) };
}
