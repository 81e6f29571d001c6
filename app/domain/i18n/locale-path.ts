import { LOCALES, type Locale } from "./locale";

// One language per URL (docs/product.md#languages): English where it always was, Spanish under
// /es plus the same path. Nothing else (a header, a cookie) chooses the language.

/** The prefix of the Spanish pages. */
export const SPANISH_PREFIX = "/es";

/** The language of a path: "/es", "/es/services" are Spanish, every other path English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`) ? "es" : "en";
}

/** The English path of a page's path in either language: "/es/services" -> "/services". */
export function englishPath(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  return pathname.slice(SPANISH_PREFIX.length) || "/";
}

/**
 * A site path (with its query or fragment, if any) in a language: ("/services", "es") ->
 * "/es/services", ("/", "es") -> "/es", ("/es/manage?token=x", "en") -> "/manage?token=x".
 */
export function localizedPath(path: string, locale: Locale): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? "" : path.slice(cut);
  const english = englishPath(pathname);
  if (locale === "en") return `${english}${rest}`;
  return `${english === "/" ? SPANISH_PREFIX : `${SPANISH_PREFIX}${english}`}${rest}`;
}

/** The language tag a page declares (`<html lang>`, hreflang): en-US or es-US. */
export function languageTagOf(locale: Locale): "en-US" | "es-US" {
  return locale === "es" ? "es-US" : "en-US";
}

/**
 * A page's hreflang alternates (docs/product.md#languages): its address in each language it is
 * written in, and x-default, its English address, when it has one. A page in both languages
 * names both, the same on both; a blog post, written in one, names only its own address.
 */
export function hreflangPaths(
  path: string,
  locales: readonly Locale[] = LOCALES,
): { hreflang: "en-US" | "es-US" | "x-default"; path: string }[] {
  const own = locales.map((locale) => ({
    hreflang: languageTagOf(locale),
    path: localizedPath(path, locale),
  }));
  const english = locales.includes("en")
    ? [{ hreflang: "x-default" as const, path: localizedPath(path, "en") }]
    : [];
  return [...own, ...english];
}

/**
 * A public form's language: its `locale` field when it sends one (a front desk's choice, a test),
 * else the language of the address it was posted to ("/es/schedule/book" is Spanish), written
 * into the form so the form's schema reads it with the rest.
 */
export function withPageLocale(form: FormData, request: Request): FormData {
  if (!form.has("locale")) form.set("locale", localeOfPath(new URL(request.url).pathname));
  return form;
}

/**
 * The `lang` of a text written in `language` on a page in `locale`: its tag where the two differ
 * (a Spanish post on an English page), else nothing (it is the page's language, or unknown).
 */
export function langWithin(
  language: Locale | undefined,
  locale: Locale,
): "en-US" | "es-US" | undefined {
  return language === undefined || language === locale ? undefined : languageTagOf(language);
}

/**
 * The links of an owner's text (a post's body, sanitised HTML) to the site's own pages, in
 * `locale`: on a Spanish post `href="/schedule"` becomes `href="/es/schedule"`, its query and
 * fragment kept, when "/es/schedule" is one of `pages` (the listed public pages, both languages);
 * links to photos, files, other sites and pages in one language only stay as written.
 */
export function linksInLanguage(html: string, locale: Locale, pages: readonly string[]): string {
  if (locale === "en") return html;
  const known = new Set(pages);
  return html.replace(/href="(\/[^"]*)"/g, (whole, href: string) => {
    const pathname = href.split(/[?#]/)[0] ?? "";
    if (localeOfPath(pathname) === locale) return whole;
    const translated = localizedPath(href, locale);
    return known.has(translated.split(/[?#]/)[0] ?? "") ? `href="${translated}"` : whole;
  });
}
