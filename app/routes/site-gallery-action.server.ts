// /site/gallery's action (docs/product.md#gallery-and-photos): 'Upload Photos' (a multipart
// document post) and the changes to one photo, by the intent of the button pressed. Each change
// runs with its record in the staff's activity log in one transaction; the answer
// (GalleryActionResult) says which form (and photo) it was, so the page shows it beside it.
import { data } from "react-router";
import type { GalleryActionResult } from "~/components/site/site-gallery-types";
import { z } from "~/domain/zod";
import { staffContext } from "~/lib/staff-only.server";
import { UPLOAD_REFUSAL_STATUS } from "~/lib/upload-status.server";
import type { Database } from "~/services/db/client.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { log } from "~/services/platform/logger.server";
import {
  addGalleryPhotos,
  deleteGalleryPhoto,
  type GalleryChange,
  moveGalleryPhoto,
  prepareGalleryUpload,
  setGalleryPhotoHidden,
  updateGalleryPhoto,
} from "~/services/site/gallery-changes.server";
import {
  hitUploadLimit,
  readUploadForm,
  UPLOAD_LIMITED_MESSAGE,
} from "~/services/site/photo-upload.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-gallery";

const GalleryForm = textFields("id", "alt", "caption").extend({
  intent: z.enum(["save", "hide", "show", "confirm-delete", "delete", "move-up", "move-down"]),
});
type Intent = Exclude<z.output<typeof GalleryForm>["intent"], "confirm-delete">;

function perform(db: Database, intent: Intent, fields: Record<string, string | undefined>) {
  const { id, alt, caption } = fields;
  switch (intent) {
    case "save":
      return updateGalleryPhoto(db, id, { alt, caption });
    case "hide":
    case "show":
      return setGalleryPhotoHidden(db, id, intent === "hide");
    case "delete":
      return deleteGalleryPhoto(db, id);
    case "move-up":
    case "move-down":
      return moveGalleryPhoto(db, id, intent === "move-up" ? "up" : "down");
  }
}

const STATUS = { invalid: 400, "not-found": 404, "at-end": 409 } as const;

function answer(intent: string, result: GalleryChange) {
  if (result.ok) return data({ intent, id: result.id, ok: true, message: result.message });
  log.warn({ intent, kind: result.kind }, "Gallery: refused");
  const body: GalleryActionResult =
    result.kind === "invalid"
      ? {
          intent,
          id: result.id,
          ok: false,
          message: "Please check the marked field.",
          fieldErrors: result.fieldErrors,
        }
      : { intent, ok: false, message: result.message };
  return data(body, STATUS[result.kind]);
}

/** The upload is the only multipart form of the page; every other change is a plain form. */
export async function siteGalleryAction(args: Route.ActionArgs) {
  const type = args.request.headers.get("Content-Type") ?? "";
  if (type.toLowerCase().startsWith("multipart/form-data")) return uploadPhotos(args);
  return changePhoto(args);
}

/**
 * 'Upload Photos': counted first, read (streamed, at most UPLOAD_MAX_BYTES), converted, then
 * stored with its record in one transaction.
 */
async function uploadPhotos({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const { db } = context;
  if (!(await hitUploadLimit(db, context.clientAddress))) {
    return data(
      { intent: "upload", ok: false, message: UPLOAD_LIMITED_MESSAGE } as GalleryActionResult,
      429,
    );
  }
  const upload = await readUploadForm(request);
  if (!upload.ok) {
    return data(
      {
        intent: "upload",
        ok: false,
        message: upload.message,
        fieldErrors: { photos: upload.message },
      } as GalleryActionResult,
      UPLOAD_REFUSAL_STATUS[upload.kind],
    );
  }
  const files = upload.files.filter((file) => file.field === "photos");
  const prepared = await prepareGalleryUpload(files);
  if (!prepared.ok) {
    return answer("upload", prepared);
  }
  const result = await db.transaction(async (tx) => {
    const added = await addGalleryPhotos(tx, prepared.photos);
    if (added.ok) await recordStaffAction(tx, user, added.did);
    return added;
  });
  return answer("upload", result);
}

/**
 * 'Save Photo', 'Hide', 'Show', 'Delete' (asked first: 'confirm-delete' answers with the
 * question), 'Move Up' and 'Move Down' of one photo.
 */
async function changePhoto({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const { db } = context;
  const form = await readForm(request);
  const read = form && parseForm(form, GalleryForm);
  if (!read?.ok) {
    return data(
      { intent: "", ok: false, message: "The form could not be read." } as GalleryActionResult,
      400,
    );
  }
  const { intent, ...fields } = read.data;
  // 'Delete' without JavaScript: the page again, asking 'Delete this photo?'; nothing changes.
  if (intent === "confirm-delete") {
    return data({ intent, id: fields.id, ok: true, message: "" } satisfies GalleryActionResult);
  }
  const result = await db.transaction(async (tx) => {
    const change = await perform(tx, intent, fields);
    if (change.ok) await recordStaffAction(tx, user, change.did);
    return change;
  });
  return answer(intent, result);
}
