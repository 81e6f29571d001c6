// The gallery (docs/product.md#gallery-and-photos), read: photos staff upload, in their order, on
// /gallery and /gallery-photo, and on the staff's Gallery page. A photo is shown once it has its
// alt text and is not hidden. What staff change (upload, alt text, hide, delete, order) is in
// gallery-changes.server.ts.
import { and, asc, eq, ne } from "drizzle-orm";
import { isUuid } from "../../domain/uuid";
import type { PhotoView } from "../../lib/photo-view";
import type { Database, Transaction } from "../db/client.server";
import { galleryPhotos } from "../db/schema.server";
import { readPhotoViews } from "./photos.server";

export interface GalleryItem {
  id: string;
  /** What /gallery-photo?photo= names it by: a seeded design's slug, else its id. */
  address: string;
  photo: PhotoView;
  alt: string;
  caption: string;
  /** Kept off the site by 'Hide'. */
  hidden: boolean;
  /** On /gallery: not hidden, and has its alt text. */
  shown: boolean;
}

/** The staff page's order, which /gallery keeps; the changes move photos in it. */
export const GALLERY_ORDER = [
  asc(galleryPhotos.sortOrder),
  asc(galleryPhotos.createdAt),
  asc(galleryPhotos.id),
] as const;

/** What /gallery shows: not hidden, and with its alt text. */
const VISIBLE = and(eq(galleryPhotos.hidden, false), ne(galleryPhotos.alt, ""));

async function withViews(
  db: Database | Transaction,
  rows: {
    id: string;
    photoId: string;
    alt: string;
    caption: string;
    hidden: boolean;
    slug: string | null;
  }[],
): Promise<GalleryItem[]> {
  const views = await readPhotoViews(
    db,
    rows.map((row) => row.photoId),
  );
  return rows.flatMap((row) => {
    const photo = views.get(row.photoId);
    if (!photo) return [];
    const { photoId: _, slug, ...rest } = row;
    return [{ ...rest, address: slug ?? row.id, photo, shown: !row.hidden && row.alt !== "" }];
  });
}

const COLUMNS = {
  id: galleryPhotos.id,
  photoId: galleryPhotos.photoId,
  alt: galleryPhotos.alt,
  caption: galleryPhotos.caption,
  hidden: galleryPhotos.hidden,
  slug: galleryPhotos.slug,
};

/** Every gallery photo, in order (the staff page). */
export async function listGallery(db: Database): Promise<GalleryItem[]> {
  return withViews(
    db,
    await db
      .select(COLUMNS)
      .from(galleryPhotos)
      .orderBy(...GALLERY_ORDER),
  );
}

/** The photos /gallery shows, in order. */
export async function listVisibleGallery(db: Database): Promise<GalleryItem[]> {
  return withViews(
    db,
    await db
      .select(COLUMNS)
      .from(galleryPhotos)
      .where(VISIBLE)
      .orderBy(...GALLERY_ORDER),
  );
}

/** The addresses of the photos /gallery shows, in order (the sitemap). */
export async function listVisibleGalleryAddresses(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: galleryPhotos.id, slug: galleryPhotos.slug })
    .from(galleryPhotos)
    .where(VISIBLE)
    .orderBy(...GALLERY_ORDER);
  return rows.map((row) => row.slug ?? row.id);
}

/**
 * One shown photo by its address (a seeded design's slug, or an id), for
 * /gallery-photo?photo=<address>; undefined when unknown, hidden or without alt text.
 */
export async function findVisibleGalleryPhoto(
  db: Database,
  address: string | null,
): Promise<GalleryItem | undefined> {
  const match = isUuid(address)
    ? eq(galleryPhotos.id, address)
    : typeof address === "string" && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(address)
      ? eq(galleryPhotos.slug, address)
      : undefined;
  if (!match) return undefined;
  const rows = await db.select(COLUMNS).from(galleryPhotos).where(and(match, VISIBLE));
  return (await withViews(db, rows))[0];
}
