// 'Save Texts' of 'Page Texts' (docs/product.md#page-texts): the form checked, its photos
// prepared, and only the texts that changed written; the route runs it in a transaction with its
// activity record (app/routes/site-texts.tsx). What the pages read is in page-texts.server.ts.
import { sql } from "drizzle-orm";
import { fieldErrorsOf, lineField, ONE_LINE_MESSAGE, z } from "../../domain/zod";
import {
  PAGE_TEXT_FIELDS,
  PAGE_TEXT_PHOTOS,
  type PageTextField,
  type PageTextPhoto,
} from "../../lib/page-text-fields";
import type { Database } from "../db/client.server";
import { pageTexts } from "../db/schema.server";
import { pageTextStamp, readPageTextRows } from "./page-texts.server";
import { type PreparedPhoto, preparePhoto } from "./photo-process.server";
import { deletePhotoIfUnused, savePreparedPhoto } from "./photos.server";

/** The 'loaded' field as sent: field name -> fingerprint; anything unreadable is no fingerprint. */
function readStamps(loaded: unknown): Record<string, string> {
  if (typeof loaded !== "string" || loaded.length > 10_000) return {};
  try {
    const parsed: unknown = JSON.parse(loaded);
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
  } catch {
    return {};
  }
}

// Line breaks as typed in a browser (\r\n) are kept as \n; no other control character, line or
// paragraph separator or bidi control belongs in a page's words (docs/security.md).
const MULTI_LINE = /^[^\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/u;

/** The Spanish of a heading or text (issue 39): checked as the English, but it may be left empty. */
function spanishSchemaOf(field: PageTextField) {
  return z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .max(field.max, `At most ${field.max} characters`)
        .refine(
          (value) => MULTI_LINE.test(field.kind === "line" ? value : value.replaceAll("\n", "")),
          field.kind === "line" ? ONE_LINE_MESSAGE : "Write it without special characters",
        ),
    );
}

function schemaOf(field: PageTextField) {
  if (field.lang === "es") return spanishSchemaOf(field);
  if (field.kind === "flag") {
    return z
      .string()
      .optional()
      .transform((value) => (value ? "yes" : "no"));
  }
  if (field.kind === "line") return lineField(field.max);
  if (field.kind === "alt") {
    return z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim())
      .pipe(
        z
          .string()
          .max(field.max, `At most ${field.max} characters`)
          .refine((value) => MULTI_LINE.test(value), ONE_LINE_MESSAGE),
      );
  }
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

const flag = z
  .string()
  .optional()
  .transform((value) => Boolean(value));

/** The form, checked: every text by field name, and each photo's 'Remove' checkbox. */
export const PageTextsSchema = z.object({
  ...Object.fromEntries(PAGE_TEXT_FIELDS.map((field) => [field.name, schemaOf(field)])),
  ...Object.fromEntries(PAGE_TEXT_PHOTOS.map((photo) => [photo.removeName, flag])),
});

/** The photos sent with a save: prepared ones, and the refusals to show beside their fields. */
export interface PageTextUploads {
  prepared: Map<string, PreparedPhoto>;
  fieldErrors: Record<string, string>;
}

/**
 * Checks and converts the photos of a save (photo-process.server.ts), before its transaction: a
 * photo takes seconds. Files of other fields are ignored; a field's first file counts.
 */
export async function preparePageTextPhotos(
  files: readonly { field: string; bytes: Buffer }[],
): Promise<PageTextUploads> {
  const uploads: PageTextUploads = { prepared: new Map(), fieldErrors: {} };
  for (const photo of PAGE_TEXT_PHOTOS) {
    const file = files.find((candidate) => candidate.field === photo.name);
    if (!file) continue;
    const prepared = await preparePhoto(file.bytes);
    if (prepared.ok) uploads.prepared.set(photo.name, prepared.photo);
    else uploads.fieldErrors[photo.name] = prepared.message;
  }
  return uploads;
}

export type SavePageTextsResult =
  | { ok: true; changed: string[] }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> };

interface PhotoChange {
  photo: PageTextPhoto;
  /** The new photo, or null: back to the illustration. */
  next: PreparedPhoto | null;
  now: string | undefined;
}

/**
 * 'Save Texts': checks every text and photo (one wrong field saves nothing) and writes those that
 * differ from what the pages show now; a photo replaced or removed is deleted once nothing names
 * it. `changed` lists their labels (the activity record).
 */
export async function savePageTexts(
  db: Database,
  input: unknown,
  uploads: PageTextUploads = { prepared: new Map(), fieldErrors: {} },
): Promise<SavePageTextsResult> {
  const parsed = PageTextsSchema.safeParse(input);
  const fieldErrors = {
    ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)),
    ...uploads.fieldErrors,
  };
  const { values: current, valuesEs: currentEs, photoIds } = await readPageTextRows(db);
  const form = (parsed.data ?? {}) as Record<string, string | boolean>;
  // What each photo becomes: a new one, none (removed), or the one it has.
  const photoChanges = PAGE_TEXT_PHOTOS.flatMap((photo): PhotoChange[] => {
    const now = photoIds[photo.key];
    const next = uploads.prepared.get(photo.name);
    const removed = form[photo.removeName] === true && !next;
    const keeps = Boolean(next) || (Boolean(now) && !removed);
    // A photo that shows something says what, for people who cannot see it.
    if (photo.alt && keeps && !form[photo.alt] && parsed.success) {
      fieldErrors[photo.alt] ??= "Say what the photo shows";
    }
    if (next) return [{ photo, next, now }];
    if (removed && now) return [{ photo, next: null, now }];
    return [];
  });
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    return { ok: false, kind: "invalid", fieldErrors };
  }
  // A field left as the form was opened with is not the owner's change: what is saved stays.
  const loaded = readStamps((input as { loaded?: unknown } | null)?.loaded);
  const differs = (field: PageTextField) => {
    const value = form[field.name] as string;
    const now = (field.lang === "es" ? currentEs : current)[field.key];
    return value !== now && loaded[field.name] !== pageTextStamp(value);
  };
  const english = PAGE_TEXT_FIELDS.filter((field) => field.lang !== "es" && differs(field));
  // A Spanish field is saved when changed, or as the form showed it when its English changes (the
  // first-start Spanish stands only beside the first-start English: page-texts.server.ts).
  const spanish = PAGE_TEXT_FIELDS.filter(
    (field) =>
      field.lang === "es" &&
      (differs(field) ||
        (form[field.name] !== "" && english.some((other) => other.key === field.key))),
  );
  const changed = [...english, ...spanish];
  if (english.length > 0) {
    await db
      .insert(pageTexts)
      .values(english.map((field) => ({ key: field.key, value: form[field.name] as string })))
      .onConflictDoUpdate({
        target: pageTexts.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
  }
  // The Spanish after the English: a row made now keeps the English the page shows (issue 39).
  if (spanish.length > 0) {
    await db
      .insert(pageTexts)
      .values(
        spanish.map((field) => ({
          key: field.key,
          value: current[field.key] ?? "",
          valueEs: form[field.name] as string,
        })),
      )
      .onConflictDoUpdate({
        target: pageTexts.key,
        set: { valueEs: sql`excluded.value_es`, updatedAt: sql`now()` },
      });
  }
  for (const { photo, next, now } of photoChanges) {
    const photoId = next ? await savePreparedPhoto(db, next) : null;
    await db
      .insert(pageTexts)
      .values({ key: photo.key, value: String(form[photo.alt ?? ""] ?? ""), photoId })
      .onConflictDoUpdate({ target: pageTexts.key, set: { photoId, updatedAt: sql`now()` } });
    if (now && now !== photoId) await deletePhotoIfUnused(db, now);
  }
  return {
    ok: true,
    changed: [
      ...changed.map((field) => field.label),
      ...photoChanges.map(({ photo, next }) => (next ? photo.label : photo.removeLabel)),
    ],
  };
}
