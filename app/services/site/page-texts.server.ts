// 'Page Texts' (docs/product.md#page-texts), read: the words of the home page (its picture and
// three reasons too), its welcome card, the About page's introduction and sections, the contact
// and services pages' introductions, one page_texts row per text. A
// text without a row shows its first-start words (app/content/page-texts.ts, about-sections.ts),
// so a new database needs no seed and nothing is migrated. The welcome card's and the About
// sections' photos are uploads (photos.server.ts) named by their rows' photo_id; until one is
// given, the page shows its illustration. Saving is in page-texts-save.server.ts.
import { createHash } from "node:crypto";
import { aboutSections } from "../../content/about-sections";
import type { ImageKey } from "../../content/images";
import {
  aboutTexts,
  contactTexts,
  homeTexts,
  servicesTexts,
  welcomeTexts,
} from "../../content/page-texts";
import { pageTextsEs } from "../../content/page-texts-es";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { pickText } from "../../domain/i18n/localized-text";
import { areaOf, type SalonDetails } from "../../domain/salon/salon-details";
import { PAGE_TEXT_FIELDS, PAGE_TEXT_PHOTOS, type PageTextField } from "../../lib/page-text-fields";
import type { PhotoView } from "../../lib/photo-view";
import type { Database } from "../db/client.server";
import { pageTexts } from "../db/schema.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { readPhotoViews } from "./photos.server";

/** The texts as the form holds them: field name -> value ("yes" / "" for a checkbox). */
export type PageTextValues = Record<string, string>;

/** Every text's first-start value, by its row's key. */
const SEED: Readonly<Record<string, string>> = {
  "home.heading": homeTexts.heading,
  "home.text": homeTexts.text,
  "home.photo": "",
  ...Object.fromEntries(
    homeTexts.pillars.flatMap((pillar, index) => [
      [`home.pillar.${index + 1}.heading`, pillar.heading],
      [`home.pillar.${index + 1}.text`, pillar.text],
    ]),
  ),
  "about.lead": aboutTexts.lead,
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
  "services.intro": servicesTexts.intro,
};

/**
 * A first-start text with the salon's details in it (app/content/page-texts.ts): the owner's
 * words name her salon as she keeps it, until she saves her own (issue 38).
 */
function withDetails(seed: string, details: SalonDetails): string {
  return seed
    .replaceAll("{name}", details.name)
    .replaceAll("{shortName}", details.shortName || details.name)
    .replaceAll("{area}", areaOf(details));
}

/** What the public pages show. */
export interface PageTexts {
  /** `photo`: the uploaded picture and what it shows, else null (the illustration). */
  home: {
    heading: string;
    text: string;
    photo: { view: PhotoView; alt: string } | null;
    pillars: { heading: string; text: string }[];
  };
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
  aboutLead: string;
  contactIntro: string;
  servicesIntro: string;
  /**
   * Read for a Spanish page (issue 39): the language each text above is shown in, by its row's
   * key ("home.heading"); "en" where no Spanish is written yet (the page marks it `lang="en"`).
   */
  lang?: Record<string, Locale>;
}

/** Each form field's text by its name: the English, or for a Spanish field ("…Es") the Spanish. */
async function readByField(db: Database): Promise<(field: PageTextField) => string> {
  const { values, valuesEs } = await readPageTextRows(db);
  return (field) => text(field.lang === "es" ? valuesEs : values, field.key);
}

/** The texts that have a Spanish beside them: all but the welcome card's checkbox. */
export const isTranslatedKey = (key: string) => key !== "welcome.show";

/**
 * Each text by its key (the saved row, else the seed), its Spanish (`valuesEs`: "" where none is
 * written), and the photos the rows name. The Spanish seed (app/content/page-texts-es.ts) stands
 * while the English is still the seed's: once the owner rewrites the English, its Spanish is hers
 * to write.
 */
export async function readPageTextRows(db: Database): Promise<{
  values: Record<string, string>;
  valuesEs: Record<string, string>;
  photoIds: Record<string, string>;
}> {
  const [rows, { details }] = await Promise.all([db.select().from(pageTexts), readSalonFacts(db)]);
  const values: Record<string, string> = Object.fromEntries(
    Object.entries(SEED).map(([key, seed]) => [key, withDetails(seed, details)]),
  );
  const seeded = { ...values };
  const seedEs = (key: string) => withDetails(pageTextsEs[key] ?? "", details);
  const valuesEs: Record<string, string> = Object.fromEntries(
    Object.keys(SEED)
      .filter(isTranslatedKey)
      .map((key) => [key, seedEs(key)]),
  );
  const photoIds: Record<string, string> = {};
  for (const row of rows) {
    values[row.key] = row.value;
    if (isTranslatedKey(row.key)) {
      valuesEs[row.key] = row.valueEs || (row.value === seeded[row.key] ? seedEs(row.key) : "");
    }
    if (row.photoId) photoIds[row.key] = row.photoId;
  }
  return { values, valuesEs, photoIds };
}

/** The texts in `locale`: the Spanish where written, else the English (with the language each is in). */
function inLocale(
  locale: Locale,
  values: Record<string, string>,
  valuesEs: Record<string, string>,
): { values: Record<string, string>; lang?: Record<string, Locale> } {
  if (locale === DEFAULT_LOCALE) return { values };
  const shown = { ...values };
  const lang: Record<string, Locale> = {};
  for (const key of Object.keys(values).filter(isTranslatedKey)) {
    const picked = pickText(locale, values[key] ?? "", valuesEs[key]);
    shown[key] = picked.text;
    lang[key] = picked.lang;
  }
  return { values: shown, lang };
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

/** The texts for the public pages in `locale` (English unless said). */
export async function readPageTexts(
  db: Database,
  locale: Locale = DEFAULT_LOCALE,
): Promise<PageTexts> {
  const rows = await readPageTextRows(db);
  const { photoIds } = rows;
  const { values, lang } = inLocale(locale, rows.values, rows.valuesEs);
  const photoOf = await readPhotos(db, photoIds);
  const homePhoto = photoOf("home.photo");
  return {
    home: {
      heading: text(values, "home.heading"),
      text: text(values, "home.text"),
      photo: homePhoto ? { view: homePhoto, alt: text(values, "home.photo") } : null,
      pillars: [1, 2, 3].map((n) => ({
        heading: text(values, `home.pillar.${n}.heading`),
        text: text(values, `home.pillar.${n}.text`),
      })),
    },
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
    aboutLead: text(values, "about.lead"),
    contactIntro: text(values, "contact.intro"),
    servicesIntro: text(values, "services.intro"),
    ...(lang ? { lang } : {}),
  };
}

/** The uploaded photos as the 'Page Texts' form shows them, by their file input's name. */
export async function readPageTextPhotos(db: Database): Promise<Record<string, PhotoView | null>> {
  const { photoIds } = await readPageTextRows(db);
  const photoOf = await readPhotos(db, photoIds);
  return Object.fromEntries(PAGE_TEXT_PHOTOS.map((photo) => [photo.name, photoOf(photo.key)]));
}

/** A short fingerprint of a text as stored: what a save compares the form's 'loaded' field with. */
export const pageTextStamp = (value: string) =>
  createHash("sha256").update(value).digest("base64url").slice(0, 16);

/**
 * The fingerprints of the texts a form is opened with, by field name: its hidden 'loaded' field.
 * A save writes only the fields whose value differs from the one the form was opened with, so two
 * forms open at once (two windows, two owners) each save their own changes and keep the other's.
 */
export async function readPageTextStamps(db: Database): Promise<string> {
  const textOf = await readByField(db);
  return JSON.stringify(
    Object.fromEntries(PAGE_TEXT_FIELDS.map((field) => [field.name, pageTextStamp(textOf(field))])),
  );
}

/** The texts as the 'Page Texts' form shows them, by field name. */
export async function readPageTextValues(db: Database): Promise<PageTextValues> {
  const textOf = await readByField(db);
  return Object.fromEntries(
    PAGE_TEXT_FIELDS.map((field) => {
      const value = textOf(field);
      return [field.name, field.kind === "flag" ? (value === "no" ? "" : "yes") : value];
    }),
  );
}
