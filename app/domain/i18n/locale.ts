/** The languages the public site is written in: English unprefixed, Spanish under /es. */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "es";
}
