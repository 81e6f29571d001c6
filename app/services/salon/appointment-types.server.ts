// The services visitors book, as pages, emails and the booking engine read them.
import { asc, eq } from "drizzle-orm";
import type { AppointmentTypeRule } from "../../domain/booking/slots";
import type { Weekday } from "../../domain/booking/time-zone";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { type LocalizedText, pickText } from "../../domain/i18n/localized-text";
import { isUuid } from "../../domain/uuid";
import type { Database } from "../db/client.server";
import { appointmentTypes, serviceCategories } from "../db/schema.server";

export interface AppointmentTypeView {
  id: string;
  type: string;
  category: string;
  description: string;
  durationMin: number;
  /** As shown: "$50", "$60+" (generated from the two below). */
  price: string;
  priceCents: number;
  /** A starting price: the "+" of "$60+". */
  priceFrom: boolean;
  technicians: string[];
  daysOfWeek: Weekday[];
  startTime: string;
  endTime: string;
  /** Clean-up minutes kept free after it. */
  bufferMin: number;
  /** Offered with a base service too (docs/product.md#visits). */
  addOn: boolean;
  sideBySide: boolean;
  /**
   * Read for a Spanish page only (issue 39): the languages `type` and `description` are in (the
   * English when no Spanish is written: the page marks it `lang="en"`), and the category's name
   * for the page (`category` stays the English name: the key the menu and the address use).
   */
  localized?: {
    type: Locale;
    description: Locale;
    categoryName: LocalizedText;
  };
}

/** A stored type as pages and emails use it (category trimmed, weekdays as a list). */
export function toAppointmentTypeView(
  row: typeof appointmentTypes.$inferSelect,
): AppointmentTypeView {
  return {
    id: row.id,
    type: row.type,
    category: row.category.trim(),
    description: row.description,
    durationMin: row.durationMin,
    price: row.price,
    priceCents: row.priceCents,
    priceFrom: row.priceFrom,
    technicians: row.technicians,
    daysOfWeek: row.daysOfWeek.split(",") as Weekday[],
    startTime: row.startTime,
    endTime: row.endTime,
    bufferMin: row.bufferMin,
    addOn: row.addOn,
    sideBySide: row.sideBySide,
  };
}

/** The type as the booking engine (domain/booking/slots) takes it. */
export function toRule(type: AppointmentTypeView): AppointmentTypeRule {
  return {
    id: type.id,
    durationMin: type.durationMin,
    daysOfWeek: type.daysOfWeek,
    startTime: type.startTime,
    endTime: type.endTime,
    technicians: type.technicians,
    bufferMin: type.bufferMin,
    sideBySide: type.sideBySide,
  };
}

/** Spec section 7: 'Reg Mani/Pedi' first, then by category (trimmed), then by name. */
export const PUBLIC_ORDER = [
  asc(appointmentTypes.sortOrder),
  asc(appointmentTypes.category),
  asc(appointmentTypes.type),
];

/**
 * A stored type as a page in `locale` shows it: in English as it is; in Spanish with its Spanish
 * name and description where written, and its category's Spanish name (`categoriesEs`: English
 * name -> Spanish), each marked with the language it is in.
 */
function localizedView(
  row: typeof appointmentTypes.$inferSelect,
  locale: Locale,
  categoriesEs: ReadonlyMap<string, string>,
): AppointmentTypeView {
  const view = toAppointmentTypeView(row);
  if (locale === DEFAULT_LOCALE) return view;
  const type = pickText(locale, row.type, row.typeEs);
  const description = pickText(locale, row.description, row.descriptionEs);
  return {
    ...view,
    type: type.text,
    description: description.text,
    localized: {
      type: type.lang,
      description: description.lang,
      categoryName: pickText(locale, view.category, categoriesEs.get(view.category)),
    },
  };
}

/** The categories' Spanish names by their English ones (none for an English page). */
async function readCategoryNamesEs(db: Database, locale: Locale): Promise<Map<string, string>> {
  if (locale === DEFAULT_LOCALE) return new Map();
  const rows = await db
    .select({ name: serviceCategories.name, nameEs: serviceCategories.nameEs })
    .from(serviceCategories);
  return new Map(rows.map((row) => [row.name, row.nameEs]));
}

/** The bookable services, for a page in `locale` (English unless said). */
export async function listAppointmentTypes(
  db: Database,
  locale: Locale = DEFAULT_LOCALE,
): Promise<AppointmentTypeView[]> {
  const [rows, categoriesEs] = await Promise.all([
    db
      .select()
      .from(appointmentTypes)
      .orderBy(...PUBLIC_ORDER),
    readCategoryNamesEs(db, locale),
  ]);
  return rows.map((row) => localizedView(row, locale, categoriesEs));
}

/** One service by its id, for a page in `locale` (English unless said). */
export async function findAppointmentType(
  db: Database,
  id: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<AppointmentTypeView | undefined> {
  if (!isUuid(id)) return undefined;
  const [[row], categoriesEs] = await Promise.all([
    db.select().from(appointmentTypes).where(eq(appointmentTypes.id, id)),
    readCategoryNamesEs(db, locale),
  ]);
  return row ? localizedView(row, locale, categoriesEs) : undefined;
}
