import { data, Form, useActionData, useNavigation } from "react-router";
import { Photo } from "~/components/photo";
import { z } from "~/domain/zod";
import type { PhotoView } from "~/lib/photo-view";
import type { RouteHandle } from "~/lib/route-handle";
import type { Database } from "~/services/db/client.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { log } from "~/services/platform/logger.server";
import { listGallery } from "~/services/site/gallery.server";
import {
  ALT_MAX,
  addGalleryPhotos,
  CAPTION_MAX,
  deleteGalleryPhoto,
  type GalleryChange,
  moveGalleryPhoto,
  prepareGalleryUpload,
  setGalleryPhotoHidden,
  updateGalleryPhoto,
} from "~/services/site/gallery-changes.server";
import {
  hitUploadLimit,
  MAX_UPLOAD_FILES,
  readUploadForm,
  tooLargeMessage,
  UPLOAD_LIMITED_MESSAGE,
} from "~/services/site/photo-upload.server";
import { staffContext } from "~/services/staff/session.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-gallery";

// 'Gallery' (docs/product.md#gallery-and-photos): any staff account. Plain forms that work
// without JavaScript; the upload is a document post (reloadDocument) so that an upload over
// UPLOAD_MAX_BYTES shows the request guard's 413 page (server/request-guard.ts). Each change
// runs with its record in the staff's activity log in one transaction; /gallery shows it at the
// next request (the site version, drizzle/0023).

export const handle = {
  hydrate: true,
  styles: ["button-danger", "site-gallery"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const items = await listGallery(context.db);
  return {
    items: items.map(({ id, photo, alt, caption, hidden, shown }) => ({
      id,
      photo,
      alt,
      caption,
      hidden,
      shown,
    })),
    limit: tooLargeMessage().replace("The photo is larger than ", ""),
    maxFiles: MAX_UPLOAD_FILES,
    altMax: ALT_MAX,
    captionMax: CAPTION_MAX,
  };
}

/** What the action answers: which form (and photo) it was, for the message beside it. */
export type GalleryActionResult = {
  intent: string;
  id?: string;
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
};

const GalleryForm = textFields("id", "alt", "caption").extend({
  intent: z.enum(["save", "hide", "show", "delete", "move-up", "move-down"]),
});
type Intent = z.output<typeof GalleryForm>["intent"];

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

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const { db } = context;
  const type = request.headers.get("Content-Type") ?? "";
  if (type.toLowerCase().startsWith("multipart/form-data")) {
    // 'Upload Photos': counted first, read (streamed, at most UPLOAD_MAX_BYTES), converted,
    // then stored with its record in one transaction.
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
        upload.status,
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
  const form = await readForm(request);
  const read = form && parseForm(form, GalleryForm);
  if (!read?.ok) {
    return data(
      { intent: "", ok: false, message: "The form could not be read." } as GalleryActionResult,
      400,
    );
  }
  const { intent, ...fields } = read.data;
  const result = await db.transaction(async (tx) => {
    const change = await perform(tx, intent, fields);
    if (change.ok) await recordStaffAction(tx, user, change.did);
    return change;
  });
  return answer(intent, result);
}

export const meta: Route.MetaFunction = () => [
  { title: "Gallery | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

interface Item {
  id: string;
  photo: PhotoView;
  alt: string;
  caption: string;
  hidden: boolean;
  shown: boolean;
}

export default function SiteGallery({ loaderData }: Route.ComponentProps) {
  const result = useActionData<GalleryActionResult>();
  const { items, limit, maxFiles } = loaderData;
  const uploadResult = result?.intent === "upload" ? result : undefined;
  const uploadError = uploadResult && !uploadResult.ok ? uploadResult.message : undefined;
  // The first photo still without alt text: where the cursor goes after an upload.
  const firstMissing = items.find((item) => item.alt === "")?.id;
  const otherResult = result && result.intent !== "upload" && !result.id ? result : undefined;
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Site</p>
        <h1>Gallery</h1>
        <p className="lead">
          Photos of your work on the Gallery page, in this order. A new photo goes first, and shows
          once it has its alt text.
        </p>
      </header>
      <section className="staff-section site-gallery__upload">
        <h2>New photos</h2>
        <Form
          method="post"
          encType="multipart/form-data"
          reloadDocument
          className="site-gallery__upload-form"
        >
          <div className="field">
            <label htmlFor="gallery-photos">Choose photos</label>
            <input
              id="gallery-photos"
              name="photos"
              type="file"
              multiple
              required
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={`gallery-photos-hint${uploadError ? " gallery-photos-error" : ""}`}
              aria-invalid={uploadError ? true : undefined}
            />
            <p id="gallery-photos-hint" className="form__note">
              JPEG, PNG or WebP, up to {limit} and {maxFiles} photos at a time. Where and when a
              photo was taken is removed from it.
            </p>
            {uploadError ? (
              <p id="gallery-photos-error" className="field__error" role="alert">
                {uploadError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button">
            Upload Photos
          </button>
        </Form>
        {uploadResult?.ok ? (
          <p className="site-gallery__message" role="status">
            {uploadResult.message}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="photos-title" className="staff-section">
        <h2 id="photos-title">On the gallery page</h2>
        {otherResult ? (
          <p
            className={otherResult.ok ? "site-gallery__message" : "field__error"}
            role={otherResult.ok ? "status" : "alert"}
          >
            {otherResult.message}
          </p>
        ) : null}
        {items.length === 0 ? (
          <p>No photos yet: the Gallery page says new ones are on their way.</p>
        ) : (
          <ol className="site-gallery__list">
            {items.map((item, index) => (
              <GalleryLine
                key={item.id}
                item={item}
                number={index + 1}
                first={index === 0}
                last={index === items.length - 1}
                result={result?.intent !== "upload" && result?.id === item.id ? result : undefined}
                focus={uploadResult?.ok === true && item.id === firstMissing}
                limits={loaderData}
              />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function GalleryLine({
  item,
  number,
  first,
  last,
  result,
  focus,
  limits,
}: {
  limits: { altMax: number; captionMax: number };
  item: Item;
  number: number;
  first: boolean;
  last: boolean;
  result?: GalleryActionResult;
  focus: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === item.id;
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const prefix = `photo-${item.id}`;
  const errorOf = (field: string) =>
    errors[field] ? (
      <p id={`${prefix}-${field}-error`} className="field__error">
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: string) => (errors[field] ? `${prefix}-${field}-error` : undefined);
  const of = <span className="visually-hidden"> photo {number}</span>;
  const status = item.hidden
    ? "Hidden"
    : item.alt === ""
      ? "Not shown yet: write its alt text"
      : "On the gallery";
  return (
    <li className="site-gallery__item" aria-labelledby={`${prefix}-title`}>
      <div className="site-gallery__thumb">
        <Photo photo={item.photo} alt={item.alt} sizes="10rem" />
      </div>
      <div className="site-gallery__body">
        <h3 id={`${prefix}-title`} className="site-gallery__title">
          Photo {number}
          <span className={`site-gallery__status${item.shown ? "" : " site-gallery__status--off"}`}>
            {status}
          </span>
        </h3>
        <Form method="post" className="site-gallery__texts" noValidate>
          <input type="hidden" name="id" value={item.id} />
          <div className="field">
            <label htmlFor={`${prefix}-alt`}>Alt text</label>
            <input
              id={`${prefix}-alt`}
              name="alt"
              required
              maxLength={limits.altMax}
              autoComplete="off"
              defaultValue={item.alt}
              // After an upload the cursor waits in the first new photo's alt text.
              // biome-ignore lint/a11y/noAutofocus: it is where the staff member writes next
              autoFocus={focus}
              aria-invalid={errors.alt ? true : undefined}
              aria-describedby={describedBy("alt")}
            />
            {errorOf("alt")}
          </div>
          <div className="field">
            <label htmlFor={`${prefix}-caption`}>Caption</label>
            <input
              id={`${prefix}-caption`}
              name="caption"
              maxLength={limits.captionMax}
              autoComplete="off"
              defaultValue={item.caption}
              aria-invalid={errors.caption ? true : undefined}
              aria-describedby={describedBy("caption")}
            />
            {errorOf("caption")}
          </div>
          <button type="submit" name="intent" value="save" className="button button--small">
            Save Photo{of}
          </button>
        </Form>
        {result ? (
          <p
            className={result.ok ? "site-gallery__message" : "field__error"}
            role={result.ok ? "status" : "alert"}
          >
            {result.message}
          </p>
        ) : null}
        <Form method="post" className="row-actions site-gallery__actions">
          <input type="hidden" name="id" value={item.id} />
          <button
            type="submit"
            name="intent"
            value="move-up"
            className="button button--ghost button--small"
            disabled={first || busy}
          >
            Move Up{of}
          </button>
          <button
            type="submit"
            name="intent"
            value="move-down"
            className="button button--ghost button--small"
            disabled={last || busy}
          >
            Move Down{of}
          </button>
          <button
            type="submit"
            name="intent"
            value={item.hidden ? "show" : "hide"}
            className="button button--ghost button--small"
            disabled={busy}
          >
            {item.hidden ? "Show" : "Hide"}
            {of}
          </button>
          <button
            type="submit"
            name="intent"
            value="delete"
            className="button button--ghost button--small button--danger"
            disabled={busy}
          >
            Delete{of}
          </button>
        </Form>
      </div>
    </li>
  );
}
