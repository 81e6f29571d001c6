import { useLocation, useMatches } from "react-router";
import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import type { RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";

/**
 * The same page in the other language (docs/product.md#languages): 'Español' on an English page,
 * 'English' on a Spanish one, its query kept (an emailed link's token, a chosen service). A plain
 * link: the language is the address, nothing is remembered. A page whose handle names its
 * `languageLink` (a blog post, in one language only) links that page instead: the other blog.
 */
export function LanguageLink({ className }: { className?: string }) {
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const other = locale === "es" ? "en" : "es";
  const instead = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.languageLink)
    .findLast((path) => path !== undefined);
  return (
    <a
      className={className}
      href={localizedPath(instead ?? `${pathname}${search}`, other)}
      hrefLang={other === "es" ? "es-US" : "en-US"}
      lang={other === "es" ? "es-US" : "en-US"}
    >
      {m.chrome_other_language({}, { locale })}
    </a>
  );
}
