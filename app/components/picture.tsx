import { type ImageKey, images } from "~/content/images";

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
        alt={alt ?? entry.alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        // Decoded off the main thread: a synchronous decode of the hero was a 100+ ms long task
        // on a throttled phone (Lighthouse), with no earlier paint to show for it.
        decoding="async"
      />
    </picture>
  );
}
