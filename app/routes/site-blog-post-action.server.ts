// The action of one post's page under 'Blog Posts' (app/routes/site-blog-post.tsx,
// docs/product.md#blog-posts), by the button pressed: 'Preview' (nothing stored), 'Delete', and
// 'Save Draft', 'Publish' or 'Unpublish' (a save, with the post's new status). A wrong field is
// told beside it and nothing is stored; the form comes back as it was sent. Each change and its
// record in the activity log share a transaction.
import { data, redirect } from "react-router";
import type { PostFormValues } from "~/components/site/blog-post-form";
import { z } from "~/domain/zod";
import { staffContext } from "~/lib/staff-only.server";
import { UPLOAD_REFUSAL_STATUS } from "~/lib/upload-status.server";
import type { Database } from "~/services/db/client.server";
import type { StaffUser } from "~/services/db/schema.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import { createPost, deletePost, updatePost } from "~/services/site/blog-post-changes.server";
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
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-blog-post";

/** What the page says after a save, named by the address it goes to (?saved=). */
export const SAVED_MESSAGES = {
  draft: "Saved as a draft. Only signed-in staff see it.",
  published: "Published: it is on the blog now.",
  unpublished: "Unpublished: it is a draft again, off the blog.",
} as const;

type SavedKey = keyof typeof SAVED_MESSAGES;

const PostForm = textFields(...POST_FIELDS, "removeCover").extend({
  intent: z.enum(["preview", "save-draft", "publish", "unpublish", "delete"]),
});

type PostFields = Partial<Record<(typeof POST_FIELDS)[number], string>>;

/** What the page shows after a refused or previewed form: the fields as they were sent. */
type Answer = {
  /** null when the form could not be read whole (an upload over the limit). */
  values: PostFormValues | null;
  fieldErrors: Record<string, string>;
  message: string | null;
  preview: string | null;
};

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
      {
        values: null,
        fieldErrors: {},
        message: BLOG_WRITES_LIMITED_MESSAGE,
        preview: null,
      } satisfies Answer,
      429,
    );
  }
  const upload = await readUploadForm(request, { keepFiles: storesPhoto });
  if (!upload.ok) {
    // What was typed could not be read whole: the page shows the post as saved, with why.
    return data(
      {
        values: null,
        fieldErrors: (upload.kind === "too-large" ? { cover: upload.message } : {}) as Record<
          string,
          string
        >,
        message: upload.message,
        preview: null,
      } satisfies Answer,
      UPLOAD_REFUSAL_STATUS[upload.kind],
    );
  }
  const read = parseForm(upload.form, PostForm);
  if (!read.ok) throw data("The form could not be read.", { status: 400 });
  const { intent, removeCover, ...fields } = read.data;
  const values = valuesOf(fields);
  const reply: Reply = (answer, status = 200) =>
    data(
      { values, fieldErrors: {}, message: null, preview: null, ...answer } satisfies Answer,
      status,
    );

  if (intent === "preview") {
    // Made and sanitised as a save would, and stored nowhere (a chosen photo included).
    const preview = await previewPostBody(values.body, request.signal);
    return preview.ok ? reply({ preview: preview.html }) : notRendered(preview, reply);
  }
  if (intent === "delete") return deleteAndLeave(db, user, current);
  const file = upload.files.find((candidate) => candidate.field === "cover");
  const by = { db, user, clientAddress: context.clientAddress };
  return savePost(by, current, { intent, fields, removeCover, file }, reply);
}

/**
 * Whether the form stores its cover photo: a save, or an intent not read yet (the browser sends
 * the pressed button last). Preview and Delete keep no file's bytes.
 */
function storesPhoto(form: FormData): boolean {
  const intent = form.get("intent");
  return (
    intent === null || intent === "save-draft" || intent === "publish" || intent === "unpublish"
  );
}

/** The fields as sent, for the form to show again. */
function valuesOf(fields: PostFields): PostFormValues {
  return {
    title: fields.title ?? "",
    author: fields.author ?? "",
    date: fields.date ?? "",
    description: fields.description ?? "",
    tags: fields.tags ?? "",
    body: fields.body ?? "",
    coverAlt: fields.coverAlt ?? "",
  };
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
  },
  reply: Reply,
) {
  const { db, user } = by;
  const checked = await checkAndRenderPost(form.fields);
  if (!checked.ok && checked.kind === "busy") return notRendered(checked, reply);
  // The photo is checked and converted before anything is stored, and only when the post is.
  let photo: PreparedPhoto | undefined;
  let coverError: string | undefined;
  if (form.file && checked.ok) {
    if (!(await hitUploadLimit(db, by.clientAddress))) {
      return reply({ message: UPLOAD_LIMITED_MESSAGE }, 429);
    }
    const prepared = await preparePhoto(form.file.bytes);
    if (prepared.ok) photo = prepared.photo;
    else coverError = prepared.message;
  }
  if (!checked.ok || coverError) {
    return reply(
      {
        fieldErrors: {
          ...(checked.ok ? {} : checked.fieldErrors),
          ...(coverError ? { cover: coverError } : {}),
        },
        message: "Please check the marked fields.",
      },
      400,
    );
  }
  const status: PostStatus = form.intent === "publish" ? "published" : "draft";
  const did = savedRecord(status, current, checked.post.title);
  const saved = await db.transaction(async (tx) => {
    const cover = photo
      ? { photoId: await savePreparedPhoto(tx, photo) }
      : form.removeCover === "yes"
        ? { photoId: null }
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

/** A body that could not be made into HTML: its field error, or no turn for it now (503). */
function notRendered(refusal: NotRendered, reply: Reply) {
  return refusal.kind === "busy"
    ? reply({ message: RENDER_BUSY_MESSAGE }, 503)
    : reply({ fieldErrors: refusal.fieldErrors, message: "Please check the marked fields." }, 400);
}

/** The activity record of a save: what it did to the post, by its status before and after. */
function savedRecord(status: PostStatus, current: BlogPostRow | undefined, title: string) {
  return status === "published"
    ? current?.status === "published"
      ? `Updated the published post “${title}”`
      : `Published the post “${title}”`
    : current?.status === "published"
      ? `Unpublished the post “${title}”`
      : `Saved the draft post “${title}”`;
}
