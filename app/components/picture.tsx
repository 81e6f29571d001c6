import { type ImageKey, images } from "~/content/images";
import type { Locale } from "~/domain/i18n/locale";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";

/**
 * The drawn illustrations' alt texts in the page's language (docs/product.md#languages): English
 * as app/content/images.ts has them (the catalogue's English says the same), Spanish from the
 * catalogue. Decorative ones (alt="") need none.
 */
const ALTS: Partial<Record<ImageKey, (locale: Locale) => string>> = {
  hero: (locale) => m.image_hero({}, { locale }),
  "about-nail-care": (locale) => m.image_about_nail_care({}, { locale }),
  "about-self-care": (locale) => m.image_about_self_care({}, { locale }),
  "about-hygiene": (locale) => m.image_about_hygiene({}, { locale }),
  contact: (locale) => m.image_contact({}, { locale }),
  map: (locale) => m.image_map({}, { locale }),
};

/** An illustration's alt text in `locale`: images.ts's English on an English page. */
export function imageAlt(image: ImageKey, locale: Locale): string {
  const spanish = locale === "es" ? ALTS[image]?.(locale) : undefined;
  return spanish ?? images[image].alt;
}

interface PictureProps {
  image: ImageKey;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  className?: string;
  /** Above-the-fold images load eagerly with high priority; the rest lazily. */
  priority?: boolean;
  /** Overrides the image's default alt text; "" marks it decorative. */
  alt?: string;
}

/** One of our own images, as AVIF with a WebP fallback, in several widths. */
export function Picture({ image, sizes, className, priority = false, alt }: PictureProps) {
  const locale = useLocale();
  const entry = images[image];
  const srcSet = (format: "avif" | "webp") =>
    entry.widths.map((width) => `/images/${entry.name}-${width}.${format} ${width}w`).join(", ");
  const fallbackWidth = entry.widths[Math.min(1, entry.widths.length - 1)] ?? entry.width;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <img
        className={className}
        src={`/images/${entry.name}-${fallbackWidth}.webp`}
        srcSet={srcSet("webp")}
        sizes={sizes}
        width={entry.width}
        height={entry.height}
        alt={alt ?? imageAlt(image, locale)}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        // Decoded off the main thread: a synchronous decode of the hero was a 100+ ms long task
        // on a throttled phone (Lighthouse), with no earlier paint to show for it.
        decoding="async"
      />
    </picture>
  );
}
