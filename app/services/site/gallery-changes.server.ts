// The gallery's changes (docs/product.md#gallery-and-photos); what the pages read is in
// gallery.server.ts. A photo is uploaded without alt text (one file input takes several files, and
// plain HTML cannot ask for a text per file) and is not shown until staff write its alt text;
// 'Hide' keeps one off the site. New photos go first (this week's work leads). The route runs each
// change in a transaction with its record in the staff's activity log (`did`):
// app/routes/site-gallery-action.server.ts.
import { eq, sql } from "drizzle-orm";
import { swapWithNeighbour } from "../../domain/ordering";
import { isUuid } from "../../domain/uuid";
import { collapsedLine, fieldErrorsOf, z } from "../../domain/zod";
import type { Database, Transaction } from "../db/client.server";
import { galleryPhotos } from "../db/schema.server";
import { GALLERY_ORDER } from "./gallery.server";
import { type PreparedPhoto, preparePhoto } from "./photo-process.server";
import type { UploadedFile } from "./photo-upload.server";
import { deletePhotoIfUnused, savePreparedPhoto } from "./photos.server";

export const ALT_MAX = 200;
export const CAPTION_MAX = 300;

/** A photo's 'Alt text' (required) and 'Caption' (optional), each one plain line. */
export const GalleryTextSchema = z.object({
  alt: collapsedLine(ALT_MAX, {
    required: "Write what the photo shows, for visitors who cannot see it",
    special: "Write it without special characters",
  }),
  caption: collapsedLine(CAPTION_MAX, { special: "Write it without special characters" }),
});

export type GalleryChange =
  | { ok: true; id?: string; message: string; did: string }
  | { ok: false; kind: "invalid"; id?: string; fieldErrors: Record<string, string> }
  | { ok: false; kind: "not-found" | "at-end"; message: string };

const notFound = {
  ok: false,
  kind: "not-found",
  message: "That photo is no longer in the gallery.",
} as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * 'Upload Photos', first step (no database): every file is checked and converted; one refused
 * file refuses the whole upload, naming the file, so nothing is half stored.
 */
export async function prepareGalleryUpload(
  files: readonly UploadedFile[],
): Promise<
  | { ok: true; photos: PreparedPhoto[] }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
> {
  if (files.length === 0) {
    return {
      ok: false,
      kind: "invalid",
      fieldErrors: { photos: "Choose one or more photos (JPEG, PNG or WebP) to upload." },
    };
  }
  const photos: PreparedPhoto[] = [];
  for (const file of files) {
    const result = await preparePhoto(file.bytes);
    if (!result.ok) {
      const name = file.filename.slice(0, 80);
      const message = files.length > 1 && name ? `${name}: ${result.message}` : result.message;
      return { ok: false, kind: "invalid", fieldErrors: { photos: message } };
    }
    photos.push(result.photo);
  }
  return { ok: true, photos };
}

/** 'Upload Photos', second step: saves the prepared photos first in the order, without alt text. */
export async function addGalleryPhotos(
  db: Database | Transaction,
  photos: readonly PreparedPhoto[],
): Promise<GalleryChange> {
  const [first] = await db
    .select({ min: sql<number | null>`min(${galleryPhotos.sortOrder})` })
    .from(galleryPhotos);
  const top = Number(first?.min ?? 0);
  const added: string[] = [];
  for (const [index, photo] of photos.entries()) {
    const photoId = await savePreparedPhoto(db, photo);
    const [row] = await db
      .insert(galleryPhotos)
      .values({ photoId, alt: "", caption: "", sortOrder: top - 10 * (photos.length - index) })
      .returning({ id: galleryPhotos.id });
    if (row) added.push(row.id);
  }
  const count = plural(added.length, "photo");
  return {
    ok: true,
    id: added[0],
    did: `Uploaded ${count} to the gallery`,
    message: `Uploaded ${count}. Write the alt text of each to show it on the gallery.`,
  };
}

const photoLabel = (row: { alt: string }) =>
  row.alt ? `the gallery photo "${row.alt.slice(0, 60)}"` : "a gallery photo without alt text";

/** Saves a photo's alt text and caption ('Save Photo'); a photo not hidden shows at once. */
export async function updateGalleryPhoto(
  db: Database | Transaction,
  id: unknown,
  input: unknown,
): Promise<GalleryChange> {
  const parsed = GalleryTextSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      kind: "invalid",
      id: isUuid(id) ? id : undefined,
      fieldErrors: fieldErrorsOf(parsed.error.issues),
    };
  }
  if (!isUuid(id)) return notFound;
  const [row] = await db
    .update(galleryPhotos)
    .set(parsed.data)
    .where(eq(galleryPhotos.id, id))
    .returning({ id: galleryPhotos.id, hidden: galleryPhotos.hidden });
  if (!row) return notFound;
  const did = `Changed the alt text and caption of ${photoLabel(parsed.data)}`;
  return {
    ok: true,
    id,
    did,
    message: row.hidden
      ? "Saved. The photo stays hidden until you show it."
      : "Saved. The photo is on the gallery.",
  };
}

/** 'Hide' (kept, not on the site) and 'Show'. */
export async function setGalleryPhotoHidden(
  db: Database | Transaction,
  id: unknown,
  hidden: boolean,
): Promise<GalleryChange> {
  if (!isUuid(id)) return notFound;
  const [row] = await db
    .update(galleryPhotos)
    .set({ hidden })
    .where(eq(galleryPhotos.id, id))
    .returning({ alt: galleryPhotos.alt });
  if (!row) return notFound;
  const did = `${hidden ? "Hid" : "Showed"} ${photoLabel(row)}`;
  const message = hidden
    ? "Hidden: the photo is no longer on the gallery."
    : row.alt
      ? "Shown: the photo is on the gallery."
      : "It will show once it has its alt text.";
  return { ok: true, id, did, message };
}

/** 'Delete': the row goes, and the photo's files with it unless a post or page text uses it. */
export async function deleteGalleryPhoto(
  db: Database | Transaction,
  id: unknown,
): Promise<GalleryChange> {
  if (!isUuid(id)) return notFound;
  const [row] = await db
    .delete(galleryPhotos)
    .where(eq(galleryPhotos.id, id))
    .returning({ alt: galleryPhotos.alt, photoId: galleryPhotos.photoId });
  if (!row) return notFound;
  await deletePhotoIfUnused(db, row.photoId);
  const did = `Deleted ${photoLabel(row)}`;
  return { ok: true, did, message: "Deleted: the photo is gone from the gallery." };
}

/**
 * 'Move Up' / 'Move Down': swaps it with its neighbour in the staff page's order (hidden ones
 * count, as the page lists them). The order is locked and written again as 10, 20, ...
 */
export async function moveGalleryPhoto(
  db: Database | Transaction,
  id: unknown,
  direction: "up" | "down",
): Promise<GalleryChange> {
  if (!isUuid(id)) return notFound;
  const rows = await db
    .select({ id: galleryPhotos.id, alt: galleryPhotos.alt })
    .from(galleryPhotos)
    .orderBy(...GALLERY_ORDER)
    .for("update");
  const row = rows.find((r) => r.id === id);
  const moved = swapWithNeighbour(
    rows.map((r) => r.id),
    id,
    direction,
  );
  if (!row || (!moved.ok && moved.kind === "not-found")) return notFound;
  if (!moved.ok) return moved;
  for (const [position, rowId] of moved.order.entries()) {
    await db
      .update(galleryPhotos)
      .set({ sortOrder: (position + 1) * 10 })
      .where(eq(galleryPhotos.id, rowId));
  }
  const did = `Moved ${photoLabel(row)} ${direction}`;
  return { ok: true, id, did, message: `Moved ${direction}.` };
}
