import { createContext, useContext } from "react";
import { DEFAULT_LOCALE, type Locale } from "~/domain/i18n/locale";
import { localizedPath } from "~/domain/i18n/locale-path";

// The page's language, for the components under it (docs/architecture.md#languages). The root
// layout provides it from the page's path; an island gets it in its props and provides it the
// same way, so a component reads it here whether React Router runs or not. It lives in React's
// tree, never in a module variable, so one visitor's language never reaches another's page.
const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export const LocaleProvider = LocaleContext.Provider;

/** The language of the page being rendered. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** A function putting a site path in the page's language: "/services" -> "/es/services". */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizedPath(path, locale);
}
