import { Link } from "react-router";
import { logoPartsOf } from "~/domain/salon/salon-details";
import { FALLBACK_SALON_NAME } from "~/lib/meta";
import { useOptionalSalon } from "~/lib/salon";

/**
 * The salon's logo, a link home: its mark and the rest of its name as the owner keeps them in
 * 'Business Details' (docs/product.md#business-facts). `labelled`: the header's link is named
 * "<name>, home"; the side navigation's says its words as they are.
 */
export function Logo({ className, labelled }: { className: string; labelled?: boolean }) {
  const salon = useOptionalSalon() ?? FALLBACK_SALON_NAME;
  const { mark, text } = logoPartsOf(salon);
  return (
    <Link to="/" className={className} aria-label={labelled ? `${salon.name}, home` : undefined}>
      <span className="logo__mark">{mark}</span>
      {text ? <span className="logo__text">{text}</span> : null}
    </Link>
  );
}
