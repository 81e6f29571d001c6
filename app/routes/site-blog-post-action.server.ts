// The action of one post's page under 'Blog Posts' (app/routes/site-blog-post.tsx,
// docs/product.md#blog-posts), by the button pressed: 'Preview' (nothing stored but a cover photo
// chosen, kept for the save), 'Delete' (asked first: 'confirm-delete', then 'delete' or 'keep'),
// 'Insert Photo' ('choose-photo', then 'insert-photo'), and 'Save Draft', 'Publish' or 'Unpublish'
// (a save, with the post's new status). Without JavaScript each question is a step the page
// answers; with it the page asks itself. A wrong field is told beside it and nothing is stored;
// the form comes back as it was sent. A change and its activity record share a transaction.
import { data, redirect } from "react-router";
import {
  type Answer,
  NOTHING_SAID,
  type PostFields,
  valuesOf,
} from "~/components/site/blog-post-answer";
import type { PostFormValues } from "~/components/site/blog-post-form";
import { z } from "~/domain/zod";
import type { PhotoView } from "~/lib/photo-view";
import { staffContext } from "~/lib/staff-only.server";
import { UPLOAD_REFUSAL_STATUS } from "~/lib/upload-status.server";
import type { Database } from "~/services/db/client.server";
import type { StaffUser } from "~/services/db/schema.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import {
  createPost,
  deletePost,
  savedPostRecord,
  updatePost,
} from "~/services/site/blog-post-changes.server";
import { POST_FIELDS } from "~/services/site/blog-post-check.server";
import {
  BLOG_WRITES_LIMITED_MESSAGE,
  checkAndRenderPost,
  hitBlogWriteLimit,
  type NotRendered,
  previewPostBody,
  RENDER_BUSY_MESSAGE,
} from "~/services/site/blog-post-render.server";
import { type BlogPostRow, type PostStatus, readPost } from "~/services/site/blog-posts.server";
import { type PreparedPhoto, preparePhoto } from "~/services/site/photo-process.server";
import {
  hitUploadLimit,
  readUploadForm,
  UPLOAD_LIMITED_MESSAGE,
  type UploadedFile,
} from "~/services/site/photo-upload.server";
import { savePreparedPhoto } from "~/services/site/photos.server";
import {
  insertPhotoIntoBody,
  readChosenCover,
  storeChosenPhoto,
  storePreparedOnItsOwn,
} from "~/services/site/post-photos.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-blog-post";

/** What the page says after a save, named by the address it goes to (?saved=). */
export const SAVED_MESSAGES = {
  draft: "Saved as a draft. Only signed-in staff see it.",
  published: "Published: it is on the blog now.",
  unpublished: "Unpublished: it is a draft again, off the blog.",
} as const;

type SavedKey = keyof typeof SAVED_MESSAGES;

const PostForm = textFields(
  ...POST_FIELDS,
  "removeCover",
  "chosenCover",
  "insertPhoto",
  "insertAlt",
  "cursor",
).extend({
  intent: z.enum([
    "preview",
    "save-draft",
    "publish",
    "unpublish",
    "confirm-delete",
    "delete",
    "keep",
    "choose-photo",
    "insert-photo",
  ]),
});

/** Answers with the fields as sent, and what is said about them. */
type Reply = (answer: Partial<Answer>, status?: number) => ReturnType<typeof data<Answer>>;

export async function siteBlogPostAction({ request, params, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const { db } = context;
  const isNew = params.id === "new";
  const current = isNew ? undefined : await readPost(db, params.id);
  if (!isNew && !current) throw data("No such post", { status: 404 });
  // Previews, saves and deletes share one limit per account, counted before a byte is read: each
  // may render Markdown (docs/security.md#markdown) or carry a photo. The form is multipart (it
  // has 'Cover photo'): read streamed, at most UPLOAD_MAX_BYTES; only a save keeps the photo, and
  // counts as an upload when it converts one (docs/security.md#upload-limits).
  if (!(await hitBlogWriteLimit(db, user.id))) {
    return data(
      { ...NOTHING_SAID, values: null, message: BLOG_WRITES_LIMITED_MESSAGE } satisfies Answer,
      429,
    );
  }
  const upload = await readUploadForm(request, { keepFiles: storesPhoto });
  if (!upload.ok) {
    // What was typed could not be read whole: the page shows the post as saved, with why.
    return data(
      {
        ...NOTHING_SAID,
        values: null,
        fieldErrors: (upload.kind === "too-large" ? { cover: upload.message } : {}) as Record<
          string,
          string
        >,
        message: upload.message,
      } satisfies Answer,
      UPLOAD_REFUSAL_STATUS[upload.kind],
    );
  }
  const read = parseForm(upload.form, PostForm);
  if (!read.ok) throw data("The form could not be read.", { status: 400 });
  const { intent, removeCover, chosenCover, insertPhoto, insertAlt, cursor, ...fields } = read.data;
  const values = valuesOf(fields);
  // A cover chosen before (kept by a preview) stays chosen until the post is saved with it.
  const kept = removeCover === "yes" ? null : await readChosenCover(db, chosenCover);
  const reply: Reply = (answer, status = 200) =>
    data({ ...NOTHING_SAID, values, chosenCover: kept, ...answer } satisfies Answer, status);
  const file = (field: string) => upload.files.find((candidate) => candidate.field === field);
  const by = { db, user, clientAddress: context.clientAddress };

  switch (intent) {
    case "keep":
      return reply({});
    case "confirm-delete":
      return reply({ asking: "delete" });
    case "choose-photo":
      return reply({ asking: "photo" });
    case "delete":
      return deleteAndLeave(db, user, current);
    case "insert-photo": {
      const chosen = { galleryId: insertPhoto, alt: insertAlt, cursor };
      const at = await insertPhotoIntoBody(db, context.clientAddress, values.body, {
        ...chosen,
        file: file("insertFile")?.bytes,
      });
      if (!at.ok && at.kind === "limited") return reply({ message: at.message }, 429);
      if (!at.ok) return reply({ fieldErrors: at.fieldErrors, asking: "photo" }, 400);
      return reply({
        values: { ...values, body: at.body },
        cursor: at.cursor,
        message: "Inserted the photo into the body. Save the post to keep it.",
      });
    }
    case "preview":
      return previewWithCover(by, values, file("cover"), kept, reply, request.signal);
    default:
      return savePost(
        by,
        current,
        { intent, fields, removeCover, file: file("cover"), kept },
        reply,
      );
  }
}

/**
 * 'Preview': the body made and sanitised as a save would, stored nowhere; a cover photo chosen
 * with it is stored on its own and kept for the save (a browser never sends a file twice).
 */
async function previewWithCover(
  by: { db: Database; clientAddress: string },
  values: PostFormValues,
  cover: UploadedFile | undefined,
  kept: PhotoView | null,
  reply: Reply,
  signal: AbortSignal,
) {
  let chosenCover = kept;
  if (cover) {
    const stored = await storeChosenPhoto(by.db, by.clientAddress, cover.bytes);
    if (!stored.ok) {
      return stored.kind === "limited"
        ? reply({ message: stored.message }, 429)
        : reply({ fieldErrors: { cover: stored.message }, message: CHECK_FIELDS }, 400);
    }
    chosenCover = stored.view;
  }
  const preview = await previewPostBody(values.body, signal);
  return preview.ok
    ? reply({ preview: preview.html, chosenCover })
    : notRendered(preview, (answer, status) => reply({ ...answer, chosenCover }, status));
}

/**
 * Whether the form stores a photo: a save, a preview (its cover), 'Insert Photo', or an intent not
 * read yet (the browser sends the pressed button last). Delete and the questions keep no file's
 * bytes.
 */
function storesPhoto(form: FormData): boolean {
  const intent = form.get("intent");
  return !["delete", "confirm-delete", "keep", "choose-photo"].includes(String(intent));
}

/** 'Delete': back to the list, which names the post deleted (a new post has nothing to delete). */
async function deleteAndLeave(
  db: Database,
  user: StaffUser,
  current: BlogPostRow | undefined,
): Promise<never> {
  if (!current) throw redirect("/site/blog");
  const title = await db.transaction(async (tx) => {
    const title = await deletePost(tx, current.id);
    if (title !== undefined) await recordStaffAction(tx, user, `Deleted the post “${title}”`);
    return title;
  });
  throw redirect(`/site/blog?deleted=${encodeURIComponent(title ?? current.title)}`);
}

/**
 * 'Save Draft', 'Publish' and 'Unpublish': the fields and the cover photo are checked first, then
 * the post is stored with its record; the page goes to the saved post, which says what happened.
 */
async function savePost(
  by: { db: Database; user: StaffUser; clientAddress: string },
  current: BlogPostRow | undefined,
  form: {
    intent: "save-draft" | "publish" | "unpublish";
    fields: PostFields;
    removeCover: string | undefined;
    file: UploadedFile | undefined;
    /** The cover chosen before this save (kept by a preview), unless 'Remove cover photo'. */
    kept: PhotoView | null;
  },
  reply: Reply,
) {
  const { db, user } = by;
  const checked = await checkAndRenderPost(form.fields);
  if (!checked.ok && checked.kind === "busy") return notRendered(checked, reply);
  // The photo is checked and converted before anything is stored.
  let photo: PreparedPhoto | undefined;
  let coverError: string | undefined;
  if (form.file) {
    if (!(await hitUploadLimit(db, by.clientAddress))) {
      return reply({ message: UPLOAD_LIMITED_MESSAGE }, 429);
    }
    const prepared = await preparePhoto(form.file.bytes);
    if (prepared.ok) photo = prepared.photo;
    else coverError = prepared.message;
  }
  if (!checked.ok || coverError) {
    // A good photo sent with refused fields is kept as the chosen cover: not chosen again.
    const chosenCover = photo ? await storePreparedOnItsOwn(db, photo) : form.kept;
    return reply(
      {
        fieldErrors: {
          ...(checked.ok ? {} : checked.fieldErrors),
          ...(coverError ? { cover: coverError } : {}),
        },
        message: CHECK_FIELDS,
        chosenCover,
      },
      400,
    );
  }
  const status: PostStatus = form.intent === "publish" ? "published" : "draft";
  const did = savedPostRecord(status, current?.status, checked.post.title);
  const saved = await db.transaction(async (tx) => {
    const cover = photo
      ? { photoId: await savePreparedPhoto(tx, photo) }
      : form.removeCover === "yes"
        ? { photoId: null }
        : form.kept
          ? { photoId: form.kept.id }
          : undefined;
    const saved = current
      ? await updatePost(tx, current.id, checked.post, status, cover)
      : await createPost(tx, checked.post, status, cover);
    if (saved) await recordStaffAction(tx, user, did);
    return saved;
  });
  if (!saved) throw data("No such post", { status: 404 });
  const key: SavedKey =
    status === "published"
      ? "published"
      : current?.status === "published"
        ? "unpublished"
        : "draft";
  throw redirect(`/site/blog/${saved.id}?saved=${key}`);
}

const CHECK_FIELDS = "Please check the marked fields.";

/** A body that could not be made into HTML: its field error, or no turn for it now (503). */
function notRendered(refusal: NotRendered, reply: Reply) {
  return refusal.kind === "busy"
    ? reply({ message: RENDER_BUSY_MESSAGE }, 503)
    : reply({ fieldErrors: refusal.fieldErrors, message: CHECK_FIELDS }, 400);
}
