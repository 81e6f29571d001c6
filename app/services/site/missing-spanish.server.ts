// 'Missing in Spanish' on the Site page (issue 39, docs/product.md#languages): every text the
// owner writes in English whose Spanish is not written yet, with a link to the editor where she
// writes it. The Spanish pages show the English meanwhile, marked as English.
import { asc, gte } from "drizzle-orm";
import { SALON_TIME_ZONE, salonDateOf } from "../../domain/booking/time-zone";
import { missingSpanish } from "../../domain/i18n/localized-text";
import { PAGE_TEXT_FIELDS } from "../../lib/page-text-fields";
import type { Database } from "../db/client.server";
import { appointmentTypes, serviceCategories, specialHours } from "../db/schema.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { readPageTextRows } from "./page-texts.server";

/** One thing to write in Spanish: what it is, the Spanish fields it lacks, where to write them. */
export interface MissingSpanishItem {
  label: string;
  fields: string[];
  href: string;
}

/** The missing texts of one editor, with its address. */
export interface MissingSpanishGroup {
  editor: string;
  href: string;
  items: MissingSpanishItem[];
}

/** The Spanish fields missing beside `pairs` of [label, English, Spanish]. */
const missingOf = (pairs: [string, string, string][]) =>
  pairs.filter(([, english, spanish]) => missingSpanish(english, spanish)).map(([label]) => label);

async function servicesMissing(db: Database): Promise<MissingSpanishItem[]> {
  const rows = await db
    .select()
    .from(appointmentTypes)
    .orderBy(asc(appointmentTypes.category), asc(appointmentTypes.type));
  return rows.flatMap((row) => {
    const fields = missingOf([
      ["Type (Spanish)", row.type, row.typeEs],
      ["Description (Spanish)", row.description, row.descriptionEs],
    ]);
    const href = `/scheduleadmin?type=${row.id}#appointment-types`;
    return fields.length > 0 ? [{ label: `${row.category} - ${row.type}`, fields, href }] : [];
  });
}

async function categoriesMissing(db: Database): Promise<MissingSpanishItem[]> {
  const rows = await db
    .select()
    .from(serviceCategories)
    .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.name));
  return rows.flatMap((row) => {
    const fields = missingOf([
      ["Name (Spanish)", row.name, row.nameEs],
      ["Summary (Spanish)", row.summary, row.summaryEs],
      ["Menu text (Spanish)", row.description, row.descriptionEs],
    ]);
    const href = `/scheduleadmin/categories?category=${row.id}`;
    return fields.length > 0 ? [{ label: row.name, fields, href }] : [];
  });
}

async function siteMissing(db: Database, now: Date): Promise<MissingSpanishGroup[]> {
  const { details } = await readSalonFacts(db, now);
  const detailFields = missingOf([
    ["Tagline (Spanish)", details.tagline, details.taglineEs],
    ["Description (Spanish)", details.description, details.descriptionEs],
  ]);
  const today = salonDateOf(now, SALON_TIME_ZONE);
  const notes = await db
    .select()
    .from(specialHours)
    .where(gte(specialHours.toDate, today))
    .orderBy(asc(specialHours.fromDate));
  const { values, valuesEs } = await readPageTextRows(db);
  const texts = PAGE_TEXT_FIELDS.filter(
    (field) => field.lang === "es" && missingSpanish(values[field.key] ?? "", valuesEs[field.key]),
  );
  return [
    {
      editor: "Business Details",
      href: "/site/details",
      items:
        detailFields.length > 0
          ? [{ label: "Business details", fields: detailFields, href: "/site/details" }]
          : [],
    },
    {
      editor: "Special Hours",
      href: "/site/special-hours",
      items: notes
        .filter((row) => missingSpanish(row.note, row.noteEs))
        .map((row) => ({
          label: `${row.fromDate}: ${row.note}`,
          fields: ["Note (Spanish)"],
          href: `/site/special-hours?edit=${row.id}`,
        })),
    },
    {
      editor: "Page Texts",
      href: "/site/texts",
      items: texts.map((field) => ({
        label: field.label.replace(/ \(Spanish\)$/, ""),
        fields: [field.label],
        href: `/site/texts#texts-${field.name}`,
      })),
    },
  ];
}

/**
 * What is missing in Spanish, by editor, in the editors `mayOpen` allows (the owner's Site pages
 * are hers; the schedule's are every staff member's); editors with nothing missing are left out.
 */
export async function listMissingSpanish(
  db: Database,
  mayOpen: (path: string) => boolean,
  now = new Date(),
): Promise<MissingSpanishGroup[]> {
  const [services, categories, site] = await Promise.all([
    servicesMissing(db),
    categoriesMissing(db),
    siteMissing(db, now),
  ]);
  const groups: MissingSpanishGroup[] = [
    { editor: "Appointment Types", href: "/scheduleadmin#appointment-types", items: services },
    { editor: "Categories", href: "/scheduleadmin/categories", items: categories },
    ...site,
  ];
  return groups.filter(
    (group) => group.items.length > 0 && mayOpen(group.href.split(/[?#]/)[0] ?? ""),
  );
}
