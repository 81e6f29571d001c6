// A post's body made into the HTML pages show, for 'Preview' and for a save ('Blog Posts',
// docs/product.md#blog-posts): checked against the post's limit first, then rendered off the
// event loop (markdown-render.server.ts, docs/security.md#markdown). Both count against one
// limit of the account's writes on the blog page. A saved post keeps its HTML, so reading it
// renders nothing.
import type { Database } from "../db/client.server";
import type { FormFields } from "../platform/form.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { RATE_LIMITS } from "../platform/rate-limits.server";
import {
  BODY_TOO_LONG,
  bodyLines,
  checkPost,
  MAX_BODY_LENGTH,
  type PostInput,
} from "./blog-post-check.server";
import { renderPostMarkdown } from "./markdown-render.server";

/**
 * Previews and saves one staff account may make on the blog page in 10 minutes ("blog-writes"):
 * a render costs up to RENDER_LIMITS.timeLimitMs of a thread; someone writing a post previews
 * every minute or so.
 */
const BLOG_WRITE_LIMIT = RATE_LIMITS.blogWrites;

export const BLOG_WRITES_LIMITED_MESSAGE =
  "Too many previews and saves from this account in the last minutes: please wait a few minutes and try again.";

export const TOO_COMPLEX_MESSAGE = "This text is too complex to show: simplify its formatting.";

export const RENDER_BUSY_MESSAGE =
  "Other posts are being prepared right now: please try again in a moment.";

/** Counts one preview or save of the account; false when over BLOG_WRITE_LIMIT. */
export async function hitBlogWriteLimit(db: Database, accountId: string): Promise<boolean> {
  return (await hitRateLimit(db, `blog-writes:${accountId}`, BLOG_WRITE_LIMIT)).allowed;
}

/** A checked post with its body's HTML, ready to store. */
export type RenderedPost = PostInput & { bodyHtml: string };

/** Why there is no HTML: a field to correct (the body's length or formatting), or no turn now. */
export type NotRendered =
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "busy" };

async function bodyHtml(
  markdown: string,
  signal?: AbortSignal,
): Promise<{ ok: true; html: string } | NotRendered> {
  const rendered = await renderPostMarkdown(markdown, signal);
  if (rendered.ok) return rendered;
  return rendered.reason === "busy"
    ? { ok: false, kind: "busy" }
    : { ok: false, kind: "invalid", fieldErrors: { body: TOO_COMPLEX_MESSAGE } };
}

/** 'Preview': the body as typed, within the post's limit, as the site would show it. */
export async function previewPostBody(
  body: string,
  signal?: AbortSignal,
): Promise<{ ok: true; html: string } | NotRendered> {
  const markdown = bodyLines(body);
  if (markdown.length > MAX_BODY_LENGTH) {
    return { ok: false, kind: "invalid", fieldErrors: { body: BODY_TOO_LONG } };
  }
  return bodyHtml(markdown, signal);
}

/** A save: the form's fields checked (checkPost), then the body rendered. */
export async function checkAndRenderPost(
  fields: FormFields,
  signal?: AbortSignal,
): Promise<{ ok: true; post: RenderedPost } | NotRendered> {
  const checked = checkPost(fields);
  if (!checked.ok) return { ok: false, kind: "invalid", fieldErrors: checked.fieldErrors };
  const html = await bodyHtml(checked.post.bodyMarkdown, signal);
  return html.ok ? { ok: true, post: { ...checked.post, bodyHtml: html.html } } : html;
}
