// The salon's menu as /services and the home page show it (docs/product.md#one-menu): the
// categories staff edit, each with the appointment types that /schedule books in it, so a price,
// name or description changed in the schedule admin is the one every page shows.
import { asc, eq } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { pickText } from "../../domain/i18n/localized-text";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf, lineField, optionalLineField, optionalText, z } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { serviceCategories } from "../db/schema.server";
import type { FormFields } from "../platform/form.server";
import { type AppointmentTypeView, listAppointmentTypes } from "./appointment-types.server";

interface MenuItem {
  /** The appointment type's id: its 'Book' link opens /schedule with it chosen. */
  id: string;
  name: string;
  price: string;
  durationMin: number;
  /** The type's own description, when it says more than the category's summary. */
  note?: string;
  /** On a Spanish page (issue 39): the languages of `name` and `note` (English where no Spanish is written). */
  localized?: { name: Locale; note: Locale };
}

export interface MenuCategory {
  /** The category's anchor on /services ("gel-extension"). */
  slug: string;
  /** The category as the booking form names it (its English name, in every language). */
  key: string;
  name: string;
  summary: string;
  description: string;
  featured: boolean;
  items: MenuItem[];
  /** On a Spanish page (issue 39): the language each text is in (English where no Spanish is written). */
  localized?: { name: Locale; summary: Locale; description: Locale };
}

/**
 * Every category with something to book, in the menu's order, then any category a type names
 * that has no row (a slug taken by another); for a page in `locale` (English unless said).
 */
export async function readMenu(
  db: Database,
  locale: Locale = DEFAULT_LOCALE,
): Promise<MenuCategory[]> {
  const [categories, types] = await Promise.all([
    db
      .select()
      .from(serviceCategories)
      .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.name)),
    listAppointmentTypes(db, locale),
  ]);
  const menu: MenuCategory[] = categories.map((category) => {
    const name = pickText(locale, category.name, category.nameEs);
    const summary = pickText(locale, category.summary, category.summaryEs);
    const description = pickText(locale, category.description, category.descriptionEs);
    return {
      slug: category.slug,
      key: category.name,
      name: name.text,
      summary: summary.text,
      description: description.text,
      featured: category.featured,
      items: itemsOf(types, category.name, summary.text),
      ...(locale === DEFAULT_LOCALE
        ? {}
        : { localized: { name: name.lang, summary: summary.lang, description: description.lang } }),
    };
  });
  const named = new Set(categories.map((category) => category.name));
  for (const name of new Set(types.map((type) => type.category))) {
    if (named.has(name)) continue;
    menu.push({
      slug: slugOf(name),
      key: name,
      name,
      summary: "",
      description: "",
      featured: false,
      items: itemsOf(types, name, ""),
      ...(locale === DEFAULT_LOCALE
        ? {}
        : { localized: { name: "en", summary: "en", description: "en" } }),
    });
  }
  return menu.filter((category) => category.items.length > 0);
}

/** The menu's items of a category (by its English name, the types' key). */
function itemsOf(types: AppointmentTypeView[], category: string, summary: string): MenuItem[] {
  return types
    .filter((type) => type.category === category)
    .map((type) => ({
      id: type.id,
      name: type.type,
      price: type.price,
      durationMin: type.durationMin,
      ...(type.description && type.description !== summary ? { note: type.description } : {}),
      ...(type.localized
        ? { localized: { name: type.localized.type, note: type.localized.description } }
        : {}),
    }));
}

/** "Gel Extension" → "gel-extension"; "category" when nothing is left. */
function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "category"
  );
}

/**
 * Gives a category a type names its own row (empty summary and description) if it has none, so
 * staff can describe it in 'Categories'. Another row with the same slug leaves it without: the
 * menu still lists it by name.
 */
export async function ensureServiceCategory(
  db: Pick<Database, "insert">,
  name: string,
): Promise<void> {
  await db
    .insert(serviceCategories)
    .values({ slug: slugOf(name), name, summary: "", description: "", sortOrder: 1000 })
    .onConflictDoNothing();
}

/** The categories staff edit in /scheduleadmin ('Categories'). */
export async function listServiceCategories(db: Database) {
  return db
    .select({
      id: serviceCategories.id,
      name: serviceCategories.name,
      summary: serviceCategories.summary,
      description: serviceCategories.description,
      featured: serviceCategories.featured,
      nameEs: serviceCategories.nameEs,
      summaryEs: serviceCategories.summaryEs,
      descriptionEs: serviceCategories.descriptionEs,
    })
    .from(serviceCategories)
    .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.name));
}

export type ServiceCategoryView = Awaited<ReturnType<typeof listServiceCategories>>[number];

const CategoryFormSchema = z.object({
  summary: lineField(300),
  description: z.string("Required").trim().min(1, "Required").max(1000, "At most 1000 characters"),
  // Its Spanish (issue 39): optional, checked as the English is; the name is the types' category.
  nameEs: optionalLineField(60),
  summaryEs: optionalLineField(300),
  descriptionEs: optionalText(1000),
  /** A checkbox: present ("on") or absent. */
  featured: z
    .string()
    .optional()
    .transform((value) => value !== undefined && value !== ""),
});

type CategoryUpdateResult =
  | { ok: true; name: string }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "not-found" };

/** Saves a category's summary, description, their Spanish and home-page flag from the staff's form. */
export async function updateServiceCategory(
  db: Database,
  id: string | undefined,
  input: FormFields,
  now = new Date(),
): Promise<CategoryUpdateResult> {
  const parsed = CategoryFormSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  if (!id || !isUuid(id)) return { ok: false, kind: "not-found" };
  const updated = await db
    .update(serviceCategories)
    .set({ ...parsed.data, updatedAt: now })
    .where(eq(serviceCategories.id, id))
    .returning({ name: serviceCategories.name });
  return updated[0] ? { ok: true, name: updated[0].name } : { ok: false, kind: "not-found" };
}
