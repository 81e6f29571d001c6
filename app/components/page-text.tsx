import { Link } from "react-router";
import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { linkPiecesOf, paragraphsOf } from "~/lib/page-text-fields";

/**
 * One paragraph of an owner's text, its "[words](/page)" as links (docs/product.md#page-texts):
 * on a Spanish page each link opens the Spanish page ("/services" -> "/es/services"); on an
 * English page it stays as she typed it.
 */
export function TextWithLinks({ text }: { text: string }) {
  const locale = useLocale();
  return linkPiecesOf(text).map((piece, index) =>
    "to" in piece ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order, never reordered.
      <Link key={index} to={locale === "es" ? localizedPath(piece.to, locale) : piece.to}>
        {piece.text}
      </Link>
    ) : (
      piece.text
    ),
  );
}

/** An owner's text as paragraphs (a blank line starts one), each with `className`. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return paragraphsOf(text).map((paragraph, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order.
    <p key={index} className={className}>
      <TextWithLinks text={paragraph} />
    </p>
  ));
}
