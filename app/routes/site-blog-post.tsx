import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { BlogPostForm, type PostFormValues } from "~/components/site/blog-post-form";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { z } from "~/domain/zod";
import type { RouteHandle } from "~/lib/route-handle";
import { parseForm, textFields } from "~/services/platform/form.server";
import { renderPostBody } from "~/services/site/blog-markdown.server";
import { createPost, deletePost, updatePost } from "~/services/site/blog-post-changes.server";
import { checkPost, MAX_BODY_LENGTH, POST_FIELDS } from "~/services/site/blog-post-check.server";
import { listAllPosts, type PostStatus, readPost } from "~/services/site/blog-posts.server";
import { type PreparedPhoto, preparePhoto } from "~/services/site/photo-process.server";
import {
  hitUploadLimit,
  readUploadForm,
  tooLargeMessage,
  UPLOAD_LIMITED_MESSAGE,
} from "~/services/site/photo-upload.server";
import { readPhotoView, savePreparedPhoto } from "~/services/site/photos.server";
import { staffContext } from "~/services/staff/session.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-blog-post";

// One post's page under 'Blog Posts' (docs/product.md#blog-posts): /site/blog/new, or a saved
// post's id. Any staff account. A wrong field is told beside it and nothing is stored; the form
// comes back as it was sent. Each change and its record in the activity log share a transaction.
export const handle = { styles: ["button-danger", "post", "site-blog"] } satisfies RouteHandle;

const SAVED_MESSAGES = {
  draft: "Saved as a draft. Only signed-in staff see it.",
  published: "Published: it is on the blog now.",
  unpublished: "Unpublished: it is a draft again, off the blog.",
} as const;

type SavedKey = keyof typeof SAVED_MESSAGES;

const tagsText = (tags: readonly string[]) => tags.join(", ");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const saved = new URL(request.url).searchParams.get("saved");
  // "20 MB": the largest cover photo, as the field's hint says it.
  const limit = tooLargeMessage().replace("The photo is larger than ", "");
  const message = saved && saved in SAVED_MESSAGES ? SAVED_MESSAGES[saved as SavedKey] : null;
  if (params.id === "new") {
    // A new post's author is the last one who wrote, as a start.
    const [latest] = await listAllPosts(context.db);
    const values: PostFormValues = {
      title: "",
      author: latest?.author ?? "",
      date: salonDateOf(new Date(), SALON_TIME_ZONE),
      description: "",
      tags: "",
      body: "",
      coverAlt: "",
    };
    return { post: null, values, message: null, maxBody: MAX_BODY_LENGTH, cover: null, limit };
  }
  const post = await readPost(context.db, params.id);
  if (!post) throw data("No such post", { status: 404 });
  const values: PostFormValues = {
    title: post.title,
    author: post.author,
    date: post.date,
    description: post.description,
    tags: tagsText(post.tags),
    body: post.bodyMarkdown,
    coverAlt: post.coverAlt,
  };
  const cover = post.coverPhotoId ? await readPhotoView(context.db, post.coverPhotoId) : undefined;
  return {
    post: { id: post.id, slug: post.slug, status: post.status, title: post.title },
    values,
    message,
    maxBody: MAX_BODY_LENGTH,
    cover: cover ?? null,
    limit,
  };
}

const PostForm = textFields(...POST_FIELDS, "removeCover").extend({
  intent: z.enum(["preview", "save-draft", "publish", "unpublish", "delete"]),
});

/** What the page shows after a refused or previewed form: the fields as they were sent. */
type Answer = {
  /** null when the form could not be read whole (an upload over the limit). */
  values: PostFormValues | null;
  fieldErrors: Record<string, string>;
  message: string | null;
  preview: string | null;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const { db } = context;
  const isNew = params.id === "new";
  const current = isNew ? undefined : await readPost(db, params.id);
  if (!isNew && !current) throw data("No such post", { status: 404 });
  // The form is multipart (it has 'Cover photo'): read streamed, at most UPLOAD_MAX_BYTES.
  const upload = await readUploadForm(request);
  if (!upload.ok) {
    // What was typed could not be read whole: the page shows the post as saved, with why.
    return data(
      {
        values: null,
        fieldErrors: (upload.status === 413 ? { cover: upload.message } : {}) as Record<
          string,
          string
        >,
        message: upload.message,
        preview: null,
      } satisfies Answer,
      upload.status,
    );
  }
  const read = parseForm(upload.form, PostForm);
  if (!read.ok) throw data("The form could not be read.", { status: 400 });
  const { intent, removeCover, ...fields } = read.data;
  const values: PostFormValues = {
    title: fields.title ?? "",
    author: fields.author ?? "",
    date: fields.date ?? "",
    description: fields.description ?? "",
    tags: fields.tags ?? "",
    body: fields.body ?? "",
    coverAlt: fields.coverAlt ?? "",
  };
  const answer = (answer: Partial<Answer>, status = 200) =>
    data(
      { values, fieldErrors: {}, message: null, preview: null, ...answer } satisfies Answer,
      status,
    );

  if (intent === "preview") {
    // Made and sanitised as a save would, and stored nowhere (a chosen photo included).
    return answer({ preview: renderPostBody(values.body.replace(/\r\n?/g, "\n")) });
  }
  if (intent === "delete") {
    if (!current) throw redirect("/site/blog");
    const title = await db.transaction(async (tx) => {
      const title = await deletePost(tx, current.id);
      if (title !== undefined) await recordStaffAction(tx, user, `Deleted the post “${title}”`);
      return title;
    });
    throw redirect(`/site/blog?deleted=${encodeURIComponent(title ?? current.title)}`);
  }

  const checked = checkPost(fields);
  const file = upload.files.find((candidate) => candidate.field === "cover");
  // The photo is checked and converted before anything is stored, and only when the post is.
  let photo: PreparedPhoto | undefined;
  let coverError: string | undefined;
  if (file && checked.ok) {
    if (!(await hitUploadLimit(db, context.clientAddress))) {
      return answer({ message: UPLOAD_LIMITED_MESSAGE }, 429);
    }
    const prepared = await preparePhoto(file.bytes);
    if (prepared.ok) photo = prepared.photo;
    else coverError = prepared.message;
  }
  if (!checked.ok || coverError) {
    return answer(
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
  const status: PostStatus = intent === "publish" ? "published" : "draft";
  const { title } = checked.post;
  const did =
    status === "published"
      ? current?.status === "published"
        ? `Updated the published post “${title}”`
        : `Published the post “${title}”`
      : current?.status === "published"
        ? `Unpublished the post “${title}”`
        : `Saved the draft post “${title}”`;
  const saved = await db.transaction(async (tx) => {
    const cover = photo
      ? { photoId: await savePreparedPhoto(tx, photo) }
      : removeCover === "yes"
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

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.post ? `Edit “${loaderData.post.title}”` : "New Post"} | 2 x 10 Nails & Spa`,
  },
  { name: "robots", content: "noindex" },
];

export default function SiteBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const fieldErrors = actionData?.fieldErrors ?? {};
  const message = actionData ? actionData.message : loaderData.message;
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">
          <Link to="/site/blog">Blog Posts</Link>
        </p>
        <h1>{post ? post.title : "New Post"}</h1>
        {post ? (
          <p className="lead">
            {post.status === "published" ? "Published" : "Draft"} ·{" "}
            <a href={`/blogpost?post=${post.slug}`}>
              {post.status === "published" ? "See it on the blog" : "See the draft's page"}
            </a>
          </p>
        ) : null}
      </header>
      {message ? (
        <p
          className={
            actionData ? "post-form__message post-form__message--error" : "post-form__message"
          }
          role={actionData ? "alert" : "status"}
        >
          {message}
        </p>
      ) : null}
      {actionData?.preview != null ? (
        <Preview title={values.title} html={actionData.preview} />
      ) : null}
      <BlogPostForm
        key={post?.id ?? "new"}
        status={post?.status ?? null}
        values={values}
        fieldErrors={fieldErrors}
        maxBody={loaderData.maxBody}
        cover={loaderData.cover}
        limit={loaderData.limit}
      />
    </>
  );
}

/** The body as the site will show it: made and sanitised by the server, nothing saved. */
function Preview({ title, html }: { title: string; html: string }) {
  return (
    <section aria-labelledby="preview-title" className="post-preview">
      <h2 id="preview-title">Preview</h2>
      <p className="post-preview__note">Not saved, and not on the blog.</p>
      <article className="post post-preview__post">
        <p className="post-preview__title">{title || "Untitled"}</p>
        <div
          className="post__body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (docs/security.md#blog-posts).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
    </section>
  );
}

/** A post that is gone (deleted in another tab), in the Site's chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <header className="page-header">
      <p className="eyebrow">Site</p>
      <h1>{missing ? "No such post" : "Something went wrong"}</h1>
      <p className="lead">
        {missing
          ? "It may have been deleted. "
          : "Something went wrong on our side. Please try again. "}
        <Link to="/site/blog">Back to Blog Posts</Link>
      </p>
    </header>
  );
}
