// A customer's emails name her services in her language (issue 39, docs/product.md#languages): in
// Spanish, the owner's Spanish name of each service, add-on and category where she has written
// one (pickText), else the English as booked. An appointment keeps its English name as booked
// (`type_name`: the staff pages and the salon's notices read it); the Spanish is looked up here,
// by the service's id, when a Spanish email is written: the one place that does it, so every
// email (confirmation, 'Confirm Booking', reminder, move, cancellation, waitlist) says the same.
import { inArray } from "drizzle-orm";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { pickText } from "../../domain/i18n/localized-text";
import type { Database } from "../db/client.server";
import { appointmentTypes, serviceCategories } from "../db/schema.server";
import { type BookedAppointment, languageOf } from "./booked-appointment.server";

type Reader = Pick<Database, "select">;

/** What a stored appointment adds to a booked one: its service's id and its add-ons. */
interface NamedPart {
  typeId?: string | null;
  addOns?: readonly { typeId: string; name: string }[];
}

/** The services' Spanish names by id, and the categories' by English name (empty: not written). */
async function readSpanishNames(db: Reader, typeIds: readonly string[]) {
  const ids = [...new Set(typeIds)];
  // One after the other: both may run in the caller's transaction, which takes one at a time.
  const types =
    ids.length === 0
      ? []
      : await db
          .select({ id: appointmentTypes.id, typeEs: appointmentTypes.typeEs })
          .from(appointmentTypes)
          .where(inArray(appointmentTypes.id, ids));
  const categories = await db
    .select({ name: serviceCategories.name, nameEs: serviceCategories.nameEs })
    .from(serviceCategories);
  return {
    types: new Map(types.map((row) => [row.id, row.typeEs])),
    categories: new Map(categories.map((row) => [row.name, row.nameEs])),
  };
}

type SpanishNames = Awaited<ReturnType<typeof readSpanishNames>>;

/**
 * One appointment's service in Spanish: "<service> + <add-on> + ...", each part the owner's
 * Spanish or its English as booked. A name that is not the one its add-ons make (an older row)
 * stays as booked.
 */
function spanishTypeName(part: BookedAppointment & NamedPart, names: SpanishNames): string {
  const addOns = part.addOns ?? [];
  const suffix = addOns.map((addOn) => ` + ${addOn.name}`).join("");
  if (!part.typeName.endsWith(suffix)) return part.typeName;
  const base = part.typeName.slice(0, part.typeName.length - suffix.length);
  const own = part.typeId ? names.types.get(part.typeId) : undefined;
  return [
    pickText("es", base, own).text,
    ...addOns.map((addOn) => pickText("es", addOn.name, names.types.get(addOn.typeId)).text),
  ].join(" + ");
}

/**
 * The visit as its customer's emails name it: in English as it is (nothing read); in Spanish each
 * appointment's service and category by the owner's Spanish names where written. Only for the
 * customer's email: the salon's notice is written from the visit as booked.
 */
export async function inCustomerLanguage<T extends BookedAppointment & NamedPart>(
  db: Reader,
  visit: readonly T[],
): Promise<T[]> {
  if (languageOf(visit) === DEFAULT_LOCALE) return [...visit];
  const typeIds = visit.flatMap((part) => [
    ...(part.typeId ? [part.typeId] : []),
    ...(part.addOns ?? []).map((addOn) => addOn.typeId),
  ]);
  const names = await readSpanishNames(db, typeIds);
  return visit.map((part) => ({
    ...part,
    typeName: spanishTypeName(part, names),
    category: pickText("es", part.category, names.categories.get(part.category)).text,
  }));
}

/**
 * A waitlist search's services as its emails name them (`english`: as stored when joining,
 * "Gel Manicure + Nail Art and Classic Pedicure"): in Spanish, the owner's Spanish names where
 * written, joined the same way ("... y ..."); English, or a service no longer offered, as stored.
 */
export async function searchInLanguage(
  db: Reader,
  items: readonly VisitRequestItem[],
  locale: Locale,
  english: string,
): Promise<string> {
  if (locale === DEFAULT_LOCALE) return english;
  const ids = items.flatMap((item) => [item.typeId, ...item.addOnIds]);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: appointmentTypes.id,
            type: appointmentTypes.type,
            typeEs: appointmentTypes.typeEs,
          })
          .from(appointmentTypes)
          .where(inArray(appointmentTypes.id, [...new Set(ids)]));
  const byId = new Map(rows.map((row) => [row.id, pickText(locale, row.type, row.typeEs).text]));
  if (ids.some((id) => !byId.has(id))) return english;
  return items
    .map((item) => [item.typeId, ...item.addOnIds].map((id) => byId.get(id)).join(" + "))
    .join(" y ");
}
