import type { Locale } from "~/domain/i18n/locale";
import { LANGUAGE_NAMES } from "~/domain/i18n/localized-text";

/**
 * 'Español' beside a Spanish-speaking customer on the staff pages (issue 39): her emails go out
 * in Spanish, and a caller is best answered in it; a review written in Spanish. English, the
 * default, is not marked.
 */
export function LanguageTag({
  language,
  title = "Speaks Spanish: her emails are in Spanish",
}: {
  language: Locale | undefined;
  /** What the tag means where it stands (a review: the language it is written in). */
  title?: string;
}) {
  if (!language || language === "en") return null;
  return (
    <span className="language-tag" lang={language} title={title}>
      {LANGUAGE_NAMES[language]}
    </span>
  );
}
