import { useEffect } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { useNonce } from "~/components/nonce";
import { BlogPostForm, type PostFormValues } from "~/components/site/blog-post-form";
import { ConfirmDelete } from "~/components/site/confirm-delete";
import { ErrorSummary, focusFirstRefused } from "~/components/site/form-feedback";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { localizedPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { SITE_SCRIPT } from "~/lib/site-enhancements";
import { readsQuery } from "~/services/platform/query.server";
import { MAX_BODY_LENGTH } from "~/services/site/blog-post-check.server";
import { listAllPosts, readPost } from "~/services/site/blog-posts.server";
import { tooLargeMessage, uploadLimitForBrowser } from "~/services/site/photo-upload.server";
import { readPhotoView } from "~/services/site/photos.server";
import { listInsertChoices } from "~/services/site/post-photos.server";
import type { Route } from "./+types/site-blog-post";
import { SAVED_MESSAGES, siteBlogPostAction } from "./site-blog-post-action.server";

// One post's page under 'Blog Posts' (docs/product.md#blog-posts): /site/blog/new, or a saved
// post's id. Any staff account. A wrong field is told beside it and nothing is stored; the form
// comes back as it was sent. Each change and its record in the activity log share a transaction.
export const handle = {
  styles: ["dialog", "button-danger", "post", "site-blog"],
} satisfies RouteHandle;

type SavedKey = keyof typeof SAVED_MESSAGES;

const tagsText = (tags: readonly string[]) => tags.join(", ");

/** What it reads of its address (docs/security.md#queries). */
const SavedQuery = z.object({ saved: queryLine(40) });

export const loader = readsQuery(
  SavedQuery,
  async ({ params, context }: Route.LoaderArgs, read) => {
    if (!read.ok) throw data("This address could not be read.", { status: 400 });
    const saved = read.data.saved;
    // "20 MB": the largest cover photo, as the field's hint says it.
    const limit = tooLargeMessage().replace("The photo is larger than ", "");
    const message = saved && saved in SAVED_MESSAGES ? SAVED_MESSAGES[saved as SavedKey] : null;
    const photos = {
      upload: uploadLimitForBrowser(),
      choices: await listInsertChoices(context.db),
    };
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
        language: "en",
      };
      return {
        post: null,
        values,
        message: null,
        maxBody: MAX_BODY_LENGTH,
        cover: null,
        limit,
        ...photos,
      };
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
      language: post.language,
    };
    const cover = post.coverPhotoId
      ? await readPhotoView(context.db, post.coverPhotoId)
      : undefined;
    return {
      post: {
        id: post.id,
        slug: post.slug,
        status: post.status,
        title: post.title,
        language: post.language,
      },
      values,
      message,
      maxBody: MAX_BODY_LENGTH,
      cover: cover ?? null,
      limit,
      ...photos,
    };
  },
);

// Every change on this page (app/routes/site-blog-post-action.server.ts).
export const action = (args: Route.ActionArgs) => siteBlogPostAction(args);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: titled(matches, loaderData?.post ? `Edit “${loaderData.post.title}”` : "New Post"),
  },
  { name: "robots", content: "noindex" },
];

const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  author: "Author",
  date: "Date",
  description: "Description",
  tags: "Tags",
  cover: "Cover photo",
  coverAlt: "Alt text",
  body: "Body",
  insertPhoto: "Insert Photo",
  insertFile: "Or upload a new photo",
};

export default function SiteBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const fieldErrors = actionData?.fieldErrors ?? {};
  const refused = Object.keys(fieldErrors).length > 0;
  // A refusal answered in the running page: the fields are already there, so their autoFocus (for
  // the plain page) does nothing; the first refused field takes the focus here.
  useEffect(() => {
    if (actionData?.fieldErrors && Object.keys(actionData.fieldErrors).length > 0) {
      focusFirstRefused(document.getElementById("post-form"));
    }
  }, [actionData]);
  const message = actionData ? actionData.message : loaderData.message;
  const failed = actionData !== undefined && actionData.cursor === null;
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
            {/* At its own language's address (/es/blogpost for a Spanish post). */}
            <a href={localizedPath(`/blogpost?post=${post.slug}`, post.language)}>
              {post.status === "published" ? "See it on the blog" : "See the draft's page"}
            </a>
          </p>
        ) : null}
      </header>
      {refused ? (
        <ErrorSummary
          errors={fieldErrors}
          idOf={(name) => `post-${name}`}
          labelOf={(name) => FIELD_LABELS[name]}
        />
      ) : message ? (
        <p
          className={failed ? "post-form__message post-form__message--error" : "post-form__message"}
          role={failed ? "alert" : "status"}
        >
          {message}
        </p>
      ) : null}
      {post ? (
        <ConfirmDelete
          id="post-delete"
          question="Delete this post?"
          detail={`“${post.title}” is removed from the blog for good. To take it off the blog for a while, use 'Unpublish'.`}
          open={actionData?.asking === "delete"}
        >
          <button
            type="submit"
            form="post-form"
            name="intent"
            value="delete"
            className="button button--danger"
          >
            Yes, Delete
          </button>
          <button
            type="submit"
            form="post-form"
            name="intent"
            value="keep"
            className="button button--ghost"
            data-closes-dialog=""
            // biome-ignore lint/a11y/noAutofocus: the step asks one question; the safe answer is ready
            autoFocus={actionData?.asking === "delete"}
          >
            Keep
          </button>
        </ConfirmDelete>
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
        chosenCover={actionData?.chosenCover ?? null}
        limit={loaderData.limit}
        upload={loaderData.upload}
        choices={loaderData.choices}
        choosing={actionData?.asking === "photo"}
        cursor={actionData?.cursor ?? null}
      />
      <script
        nonce={useNonce()}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own functions' source.
        dangerouslySetInnerHTML={{ __html: SITE_SCRIPT }}
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
