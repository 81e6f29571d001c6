import type { Locale } from "~/domain/i18n/locale";
import { LANGUAGE_NAMES } from "~/domain/i18n/localized-text";

/**
 * 'Español' beside a Spanish-speaking customer on the staff pages (issue 39): her emails go out
 * in Spanish, and a caller is best answered in it. English, the default, is not marked.
 */
export function LanguageTag({ language }: { language: Locale | undefined }) {
  if (!language || language === "en") return null;
  return (
    <span
      className="language-tag"
      lang={language}
      title="Speaks Spanish: her emails are in Spanish"
    >
      {LANGUAGE_NAMES[language]}
    </span>
  );
}
