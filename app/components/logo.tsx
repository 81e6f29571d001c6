import { Link } from "react-router";
import { logoPartsOf } from "~/domain/salon/salon-details";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { FALLBACK_SALON_NAME } from "~/lib/meta";
import { useOptionalSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";

/**
 * The salon's logo, a link home: its mark and the rest of its name as the owner keeps them in
 * 'Business Details' (docs/product.md#business-facts). `labelled`: the header's link is named
 * "<name>, home"; the side navigation's says its words as they are. On a Spanish page it opens
 * /es, named "<name>, inicio" (docs/product.md#languages).
 */
export function Logo({ className, labelled }: { className: string; labelled?: boolean }) {
  const salon = useOptionalSalon() ?? FALLBACK_SALON_NAME;
  const { mark, text } = logoPartsOf(salon);
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <Link
      to={to("/")}
      className={className}
      aria-label={labelled ? m.chrome_logo_label({ name: salon.name }, { locale }) : undefined}
    >
      <span className="logo__mark">{mark}</span>
      {text ? <span className="logo__text">{text}</span> : null}
    </Link>
  );
}
