import { type PhotoFileFormat, type PhotoView, photoUrl } from "~/lib/photo-view";

interface PhotoProps {
  /** From the loader's data: readPhotoViews (app/services/site/photos.server.ts). */
  photo: PhotoView;
  /** What the photo shows, for people who cannot see it; "" marks it decorative. */
  alt: string;
  /** The `sizes` attribute: how wide the photo is shown at each viewport width. */
  sizes: string;
  className?: string;
  /** Above-the-fold photos load eagerly with high priority; the rest lazily. */
  priority?: boolean;
}

/**
 * An uploaded photo (docs/product.md#gallery-and-photos): AVIF, then WebP, then JPEG, each in
 * several widths, with the photo's width and height so the page keeps its place while it loads.
 */
export function Photo({ photo, alt, sizes, className, priority = false }: PhotoProps) {
  const srcSet = (format: PhotoFileFormat) =>
    photo.widths[format].map((width) => `${photoUrl(photo, format, width)} ${width}w`).join(", ");
  // The seeded illustrations have no JPEG: their <img> is the WebP, as app/components/picture.tsx.
  const fallback: PhotoFileFormat = photo.widths.jpeg.length > 0 ? "jpeg" : "webp";
  const fallbackWidths = photo.widths[fallback];
  const fallbackWidth = fallbackWidths[Math.min(1, fallbackWidths.length - 1)] ?? photo.width;
  return (
    <picture>
      {photo.widths.avif.length > 0 && (
        <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      )}
      {fallback === "jpeg" && photo.widths.webp.length > 0 && (
        <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      )}
      <img
        className={className}
        src={photoUrl(photo, fallback, fallbackWidth)}
        srcSet={srcSet(fallback)}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
      />
    </picture>
  );
}
