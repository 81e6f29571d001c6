// The owner's texts in two languages (issue 39, docs/product.md#languages): each English text has
// a Spanish one beside it, empty until she writes it. A Spanish page shows the English words then,
// marked as English (`lang="en"`), so a screen reader and a translator read them as what they are.
import type { Locale } from "./locale";

/** A text as a page shows it, and the language it is written in. */
export interface LocalizedText {
  text: string;
  lang: Locale;
}

/**
 * The text for a page in `locale`: the Spanish when written (anything but blanks), else the
 * English, marked as English.
 */
export function pickText(
  locale: Locale,
  english: string,
  spanish: string | null | undefined,
): LocalizedText {
  if (locale === "es" && spanish && spanish.trim() !== "") return { text: spanish, lang: "es" };
  return { text: english, lang: "en" };
}

/** Is a Spanish text missing where the English one says something? (The Site's 'Missing in Spanish'.) */
export function missingSpanish(english: string, spanish: string | null | undefined): boolean {
  return english.trim() !== "" && (spanish ?? "").trim() === "";
}

/** The language's own name, as the staff pages show a customer's ('Español'). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: "English", es: "Español" };
