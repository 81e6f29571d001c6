// 'Page Texts' (docs/product.md#page-texts): the words of the home page, its welcome card, the
// About page's sections and the contact page's introduction, one page_texts row per text. A text
// without a row shows its first-start words (app/content/page-texts.ts, about-sections.ts), so a
// new database needs no seed and nothing is migrated. Saving writes only the texts that changed;
// the route runs it in a transaction with its activity record (app/routes/site-texts.tsx). The
// welcome card's and the About sections' photos are uploads (photos.server.ts) named by their
// rows' photo_id; until one is given, the page shows its illustration.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { aboutSections } from "../../content/about-sections";
import type { ImageKey } from "../../content/images";
import { contactTexts, homeTexts, welcomeTexts } from "../../content/page-texts";
import { fieldErrorsOf, lineField, ONE_LINE_MESSAGE, z } from "../../domain/zod";
import {
  PAGE_TEXT_FIELDS,
  PAGE_TEXT_PHOTOS,
  type PageTextField,
  type PageTextPhoto,
} from "../../lib/page-text-fields";
import type { PhotoView } from "../../lib/photo-view";
import type { Database } from "../db/client.server";
import { pageTexts } from "../db/schema.server";
import { type PreparedPhoto, preparePhoto } from "./photo-process.server";
import { deletePhotoIfUnused, readPhotoViews, savePreparedPhoto } from "./photos.server";

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
      [`about.${index + 1}.photo`, ""],
    ]),
  ),
  "contact.intro": contactTexts.intro,
};

/** What the public pages show. */
export interface PageTexts {
  home: { heading: string; text: string };
  /** `photo`: the uploaded one, else null (the illustration); it is decorative. */
  welcome: { show: boolean; heading: string; text: string; photo: PhotoView | null };
  about: {
    id: string;
    heading: string;
    text: string;
    imageKey: ImageKey;
    /** The uploaded photo and what it shows, else null (the illustration). */
    photo: { view: PhotoView; alt: string } | null;
  }[];
  contactIntro: string;
}

/** Each text by its key: the saved row, else the seed. */
async function readByKey(db: Database): Promise<Record<string, string>> {
  return (await readRows(db)).values;
}

/** Each text by its key (the saved row, else the seed), and the photos the rows name. */
async function readRows(
  db: Database,
): Promise<{ values: Record<string, string>; photoIds: Record<string, string> }> {
  const rows = await db.select().from(pageTexts);
  const values: Record<string, string> = { ...SEED };
  const photoIds: Record<string, string> = {};
  for (const row of rows) {
    values[row.key] = row.value;
    if (row.photoId) photoIds[row.key] = row.photoId;
  }
  return { values, photoIds };
}

/** The uploaded photos of 'Page Texts', by their key ("welcome.photo"). */
async function readPhotos(db: Database, photoIds: Record<string, string>) {
  const views = await readPhotoViews(db, Object.values(photoIds));
  const photoOf = (key: string) => {
    const id = photoIds[key];
    return (id && views.get(id)) || null;
  };
  return photoOf;
}

const text = (values: Record<string, string>, key: string) => values[key] ?? "";

/** The texts for the public pages. */
export async function readPageTexts(db: Database): Promise<PageTexts> {
  const { values, photoIds } = await readRows(db);
  const photoOf = await readPhotos(db, photoIds);
  return {
    home: { heading: text(values, "home.heading"), text: text(values, "home.text") },
    welcome: {
      show: values["welcome.show"] !== "no",
      heading: text(values, "welcome.heading"),
      text: text(values, "welcome.text"),
      photo: photoOf("welcome.photo"),
    },
    // The sections keep their anchors (/about#hygiene) and, until a photo is given, their
    // illustrations.
    about: aboutSections.map((section, index) => {
      const view = photoOf(`about.${index + 1}.photo`);
      return {
        id: section.id,
        heading: text(values, `about.${index + 1}.heading`),
        text: text(values, `about.${index + 1}.text`),
        imageKey: section.imageKey,
        photo: view ? { view, alt: text(values, `about.${index + 1}.photo`) } : null,
      };
    }),
    contactIntro: text(values, "contact.intro"),
  };
}

/** The uploaded photos as the 'Page Texts' form shows them, by their file input's name. */
export async function readPageTextPhotos(db: Database): Promise<Record<string, PhotoView | null>> {
  const { photoIds } = await readRows(db);
  const photoOf = await readPhotos(db, photoIds);
  return Object.fromEntries(PAGE_TEXT_PHOTOS.map((photo) => [photo.name, photoOf(photo.key)]));
}

/** A short fingerprint of a text as stored. */
const stampOf = (value: string) =>
  createHash("sha256").update(value).digest("base64url").slice(0, 16);

/**
 * The fingerprints of the texts a form is opened with, by field name: its hidden 'loaded' field.
 * A save writes only the fields whose value differs from the one the form was opened with, so two
 * forms open at once (two windows, two owners) each save their own changes and keep the other's.
 */
export async function readPageTextStamps(db: Database): Promise<string> {
  const values = await readByKey(db);
  return JSON.stringify(
    Object.fromEntries(
      PAGE_TEXT_FIELDS.map((field) => [field.name, stampOf(text(values, field.key))]),
    ),
  );
}

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
  const { values: current, photoIds } = await readRows(db);
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
  const changed = PAGE_TEXT_FIELDS.filter((field) => {
    const value = form[field.name] as string;
    return value !== current[field.key] && loaded[field.name] !== stampOf(value);
  });
  if (changed.length > 0) {
    await db
      .insert(pageTexts)
      .values(changed.map((field) => ({ key: field.key, value: form[field.name] as string })))
      .onConflictDoUpdate({
        target: pageTexts.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
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
