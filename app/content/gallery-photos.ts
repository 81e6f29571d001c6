// The spec's nine gallery designs: the gallery's first photos, added once at the first start of a
// database (app/services/site/gallery-seed.server.ts). No page reads this file: /gallery reads the
// database, where staff own the photos (docs/product.md#gallery-and-photos).
import type { ImageKey } from "./images";

export interface GalleryPhoto {
  /** Its address name, kept from the earlier site: /gallery-photo?photo=<id>. */
  id: string;
  title: string;
  image: ImageKey;
}

export const galleryPhotos: GalleryPhoto[] = [
  { id: "classic-french", title: "Classic French", image: "gallery-1" },
  { id: "milky-pink-ombre", title: "Milky pink ombre", image: "gallery-2" },
  { id: "burgundy-gloss", title: "Burgundy gloss", image: "gallery-3" },
  { id: "marble-gold-vein", title: "Marble with a gold vein", image: "gallery-4" },
  { id: "emerald-chrome", title: "Deep green chrome", image: "gallery-5" },
  { id: "minimal-lines", title: "Minimal lines and dots", image: "gallery-6" },
  { id: "floral-nude", title: "Florals on nude", image: "gallery-7" },
  { id: "lavender-glitter", title: "Lavender glitter fade", image: "gallery-8" },
  { id: "coral-summer", title: "Coral summer with gold", image: "gallery-9" },
];
