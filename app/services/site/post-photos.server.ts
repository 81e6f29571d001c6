// The photos a post's page takes besides a saved cover (docs/product.md#blog-posts): a cover
// chosen before 'Preview' (or before a save that was refused), kept for the save that follows, and
// the photos 'Insert Photo' writes into the body, from the gallery or a new upload. A photo
// uploaded here is stored on its own at once: the page then names it by its id (a cover chosen)
// or by its address in the body's Markdown, and it stays while a post's body names it
// (deletePhotoIfUnused, photos.server.ts).

import { insertIntoBody, photoMarkdown } from "../../domain/salon/post-body-photo";
import { isUuid } from "../../domain/uuid";
import { bodyPhotoUrl, type PhotoView } from "../../lib/photo-view";
import type { Database } from "../db/client.server";
import { listGallery } from "./gallery.server";
import { type PreparedPhoto, preparePhoto } from "./photo-process.server";
import { hitUploadLimit, UPLOAD_LIMITED_MESSAGE } from "./photo-upload.server";
import { readPhotoView, savePreparedPhoto } from "./photos.server";

/** A converted photo stored with nothing naming it yet (a cover chosen for a later save). */
export async function storePreparedOnItsOwn(
  db: Database,
  photo: PreparedPhoto,
): Promise<PhotoView> {
  const id = await db.transaction((tx) => savePreparedPhoto(tx, photo));
  const view = await readPhotoView(db, id);
  if (!view) throw new Error(`Photo ${id} was stored but cannot be read`);
  return view;
}

export type StoredPhoto =
  | { ok: true; view: PhotoView }
  | { ok: false; kind: "limited" | "invalid"; message: string };

/**
 * A photo file checked, converted and stored on its own (nothing names it yet), counted as an
 * upload of the client address (docs/security.md#upload-limits).
 */
export async function storeChosenPhoto(
  db: Database,
  clientAddress: string,
  bytes: Buffer,
): Promise<StoredPhoto> {
  if (!(await hitUploadLimit(db, clientAddress))) {
    return { ok: false, kind: "limited", message: UPLOAD_LIMITED_MESSAGE };
  }
  const prepared = await preparePhoto(bytes);
  if (!prepared.ok) return { ok: false, kind: "invalid", message: prepared.message };
  return { ok: true, view: await storePreparedOnItsOwn(db, prepared.photo) };
}

/** The cover a form says was chosen before (its hidden `chosenCover`): its view, if it exists. */
export async function readChosenCover(
  db: Database,
  id: string | undefined,
): Promise<PhotoView | null> {
  return isUuid(id) ? ((await readPhotoView(db, id)) ?? null) : null;
}

/** One gallery photo as 'Insert Photo' offers it, with the Markdown it writes. */
export interface InsertChoice {
  id: string;
  photo: PhotoView;
  /** Its alt text, or "Photo 3" when it has none yet. */
  label: string;
  markdown: string;
}

/** The gallery's photos in its order, hidden ones too (a post may show what the gallery does not). */
export async function listInsertChoices(db: Database): Promise<InsertChoice[]> {
  const items = await listGallery(db);
  return items.map((item, index) => ({
    id: item.id,
    photo: item.photo,
    label: item.alt || `Photo ${index + 1}`,
    markdown: photoMarkdown(item.alt, bodyPhotoUrl(item.photo)),
  }));
}

export type InsertedPhoto =
  | { ok: true; markdown: string }
  | { ok: false; kind: "limited"; message: string }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> };

/**
 * The Markdown of the photo 'Insert Photo' was given: a new upload (stored, with the alt text
 * typed for it), else the gallery photo chosen.
 */
export async function photoToInsert(
  db: Database,
  clientAddress: string,
  choice: { file: Buffer | undefined; galleryId: string | undefined; alt: string | undefined },
): Promise<InsertedPhoto> {
  if (choice.file) {
    const stored = await storeChosenPhoto(db, clientAddress, choice.file);
    if (stored.ok) {
      return { ok: true, markdown: photoMarkdown(choice.alt ?? "", bodyPhotoUrl(stored.view)) };
    }
    return stored.kind === "limited"
      ? { ok: false, kind: "limited", message: stored.message }
      : { ok: false, kind: "invalid", fieldErrors: { insertFile: stored.message } };
  }
  const chosen = isUuid(choice.galleryId)
    ? (await listInsertChoices(db)).find((item) => item.id === choice.galleryId)
    : undefined;
  if (chosen) return { ok: true, markdown: chosen.markdown };
  return {
    ok: false,
    kind: "invalid",
    fieldErrors: { insertPhoto: "Choose a photo from the gallery, or upload a new one." },
  };
}

/**
 * The body with the photo 'Insert Photo' was given written where the cursor was (a character
 * offset as the form sent it; none: at the end), and where the cursor goes then.
 */
export async function insertPhotoIntoBody(
  db: Database,
  clientAddress: string,
  body: string,
  choice: {
    file: Buffer | undefined;
    galleryId: string | undefined;
    alt: string | undefined;
    cursor: string | undefined;
  },
): Promise<{ ok: true; body: string; cursor: number } | Exclude<InsertedPhoto, { ok: true }>> {
  const photo = await photoToInsert(db, clientAddress, choice);
  if (!photo.ok) return photo;
  const at = insertIntoBody(body, Number.parseInt(choice.cursor ?? "", 10), photo.markdown);
  return { ok: true, ...at };
}
