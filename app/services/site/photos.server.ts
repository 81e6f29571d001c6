// The photos the staff upload (gallery, blog covers, page texts), kept in the database so every
// process serves them and every backup carries them (docs/product.md#gallery-and-photos).
//
// The API other features use:
// - storePhoto(db, bytes): checks, converts and saves an upload; { ok, photoId } or { ok: false,
//   message } to show beside the field. Or, to save inside a change's own transaction:
//   preparePhoto(bytes) (photo-process.server.ts, no database), then savePreparedPhoto(tx, photo).
// - readPhotoViews(db, ids): the PhotoView of each (app/lib/photo-view.ts) for a loader's data,
//   shown with <Photo photo={view} alt sizes /> (app/components/photo.tsx).
// - deletePhotoIfUnused(tx, id): drops a photo nothing names any more (gallery, posts' covers and
//   bodies, texts).
// - readPhotoFile(db, name): one file's bytes, for /photos/<name> (app/routes/photos.ts).
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_FILE_NAME,
  type PhotoFileFormat,
  type PhotoView,
  photoFileName,
} from "../../lib/photo-view";
import type { Database, Transaction } from "../db/client.server";
import { blogPosts, galleryPhotos, pageTexts, photoFiles, photos } from "../db/schema.server";
import { type PreparedPhoto, preparePhoto } from "./photo-process.server";

export type StorePhotoResult = { ok: true; photoId: string } | { ok: false; message: string };

/** Checks, converts and saves an uploaded file (docs/product.md#gallery-and-photos). */
export async function storePhoto(db: Database, bytes: Buffer): Promise<StorePhotoResult> {
  const prepared = await preparePhoto(bytes);
  if (!prepared.ok) return prepared;
  const photoId = await db.transaction((tx) => savePreparedPhoto(tx, prepared.photo));
  return { ok: true, photoId };
}

/**
 * Saves a prepared photo and its files, returning its id. The same bytes uploaded again are the
 * same photo (its hash is unique): its row is reused.
 */
export async function savePreparedPhoto(
  db: Database | Transaction,
  photo: PreparedPhoto,
): Promise<string> {
  const [inserted] = await db
    .insert(photos)
    .values({
      hash: photo.hash,
      width: photo.width,
      height: photo.height,
      format: photo.format,
      master: photo.master,
    })
    .onConflictDoNothing({ target: photos.hash })
    .returning({ id: photos.id });
  const photoId =
    inserted?.id ??
    (await db.select({ id: photos.id }).from(photos).where(eq(photos.hash, photo.hash)))[0]?.id;
  if (!photoId) throw new Error(`Photo ${photo.hash} was neither saved nor found`);
  for (const file of photo.files) {
    await db
      .insert(photoFiles)
      .values({
        photoId,
        format: file.format,
        width: file.width,
        height: file.height,
        name: photoFileName(photo.hash, file.width, file.format),
        bytes: file.bytes,
      })
      .onConflictDoNothing();
  }
  return photoId;
}

/** The views of the photos named (unknown ids are left out), by id: one query, no bytes. */
export async function readPhotoViews(
  db: Database | Transaction,
  ids: readonly string[],
): Promise<Map<string, PhotoView>> {
  const views = new Map<string, PhotoView>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return views;
  const rows = await db
    .select({
      id: photos.id,
      hash: photos.hash,
      width: photos.width,
      height: photos.height,
      format: photoFiles.format,
      fileWidth: photoFiles.width,
    })
    .from(photos)
    .leftJoin(photoFiles, eq(photoFiles.photoId, photos.id))
    .where(inArray(photos.id, unique))
    .orderBy(photoFiles.width);
  for (const row of rows) {
    let view = views.get(row.id);
    if (!view) {
      view = {
        id: row.id,
        hash: row.hash,
        width: row.width,
        height: row.height,
        widths: { avif: [], webp: [], jpeg: [] },
      };
      views.set(row.id, view);
    }
    if (row.format && row.fileWidth !== null) {
      view.widths[row.format as PhotoFileFormat]?.push(row.fileWidth);
    }
  }
  return views;
}

/** One photo's view, or undefined. */
export async function readPhotoView(
  db: Database | Transaction,
  id: string,
): Promise<PhotoView | undefined> {
  return (await readPhotoViews(db, [id])).get(id);
}

/** A served file by its name: its bytes and content type, or undefined. One indexed query. */
export async function readPhotoFile(
  db: Database,
  name: string,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (!PHOTO_FILE_NAME.test(name)) return undefined;
  const [row] = await db
    .select({ format: photoFiles.format, bytes: photoFiles.bytes })
    .from(photoFiles)
    .where(eq(photoFiles.name, name));
  if (!row) return undefined;
  return {
    bytes: row.bytes,
    contentType: PHOTO_CONTENT_TYPES[row.format as PhotoFileFormat] ?? "application/octet-stream",
  };
}

/**
 * Deletes the photo (its files go with it) unless a gallery row, a post's cover or body, or a
 * page text still names it. Resolves true when it was deleted.
 */
export async function deletePhotoIfUnused(
  db: Database | Transaction,
  photoId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(photos)
    .where(
      and(
        eq(photos.id, photoId),
        sql`not exists (select 1 from ${galleryPhotos} where ${galleryPhotos.photoId} = ${photos.id})`,
        sql`not exists (select 1 from ${blogPosts} where ${blogPosts.coverPhotoId} = ${photos.id})`,
        sql`not exists (select 1 from ${pageTexts} where ${pageTexts.photoId} = ${photos.id})`,
        // A post's body shows it by its address (Insert Photo, post-photos.server.ts).
        sql`not exists (select 1 from ${blogPosts} where position('/photos/' || ${photos.hash} || '-' in ${blogPosts.bodyMarkdown}) > 0)`,
      ),
    )
    .returning({ id: photos.id });
  return deleted.length > 0;
}
