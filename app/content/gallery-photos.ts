import type { ImageKey } from "./images";

export interface GalleryPhoto {
  /** Used in the address: /gallery-photo?photo=<id>. */
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

export function findGalleryPhoto(id: string | null): GalleryPhoto | undefined {
  return galleryPhotos.find((photo) => photo.id === id);
}
