// What a page needs to show an uploaded photo (app/components/photo.tsx): its content hash, its
// size and the widths each format has. Loaders put it in their data (readPhotoViews in
// app/services/site/photos.server.ts); the files are served at /photos/<hash>-<width>.<ext>
// (app/routes/photos.ts). Browser-safe: no server code here.

export const PHOTO_FILE_FORMATS = ["avif", "webp", "jpeg"] as const;
export type PhotoFileFormat = (typeof PHOTO_FILE_FORMATS)[number];

/** The file name extension of each format. */
export const PHOTO_EXTENSIONS: Record<PhotoFileFormat, string> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
};

export const PHOTO_CONTENT_TYPES: Record<PhotoFileFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

export interface PhotoView {
  /** The photos row (what a gallery row, a post's cover or a page text names). */
  id: string;
  /** The master's content hash: the first part of every file name. */
  hash: string;
  /** The master's size, after its orientation was applied. */
  width: number;
  height: number;
  /**
   * The widths each format is served in, smallest first. A format may have none (the seeded
   * illustrations have no JPEG): the component then falls back to WebP.
   */
  widths: Record<PhotoFileFormat, number[]>;
}

/**
 * Exactly the shape of a file's name (photoFileName): a hex content hash, a width, an extension.
 * /photos/<name> is looked up only for such a name, and only such an address is exempt from the
 * staff answers' no-store (server/staff-no-store.ts).
 */
export const PHOTO_FILE_NAME = /^[0-9a-f]{8,64}-[0-9]{1,5}\.(avif|webp|jpg)$/;

/** "<hash>-<width>.<ext>": the name a file is stored and served under. */
export function photoFileName(hash: string, width: number, format: PhotoFileFormat): string {
  return `${hash}-${width}.${PHOTO_EXTENSIONS[format]}`;
}

/** The address of one file of a photo. */
export function photoUrl(photo: PhotoView, format: PhotoFileFormat, width: number): string {
  return `/photos/${photoFileName(photo.hash, width, format)}`;
}

/** The largest file of the photo as JPEG (or WebP when it has no JPEG), for og:image and feeds. */
export function largestPhotoUrl(photo: PhotoView): string {
  const format: PhotoFileFormat = photo.widths.jpeg.length > 0 ? "jpeg" : "webp";
  const width = photo.widths[format].at(-1) ?? photo.width;
  return photoUrl(photo, format, width);
}

/**
 * The file a post's body shows (Insert Photo): JPEG (or WebP when it has no JPEG) about as wide as
 * the body's column, 1200 pixels or the largest below it; a small photo's own largest.
 */
export function bodyPhotoUrl(photo: PhotoView): string {
  const format: PhotoFileFormat = photo.widths.jpeg.length > 0 ? "jpeg" : "webp";
  const widths = photo.widths[format];
  const width = widths.filter((w) => w <= 1200).at(-1) ?? widths[0] ?? photo.width;
  return photoUrl(photo, format, width);
}
