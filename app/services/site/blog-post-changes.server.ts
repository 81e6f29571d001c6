// Storing blog posts ('Blog Posts', docs/product.md#blog-posts): staff write them in Markdown;
// the HTML the pages show is made and sanitised when a post is saved, off the event loop
// (blog-post-render.server.ts), and stored with it, so a page never renders Markdown or trusts
// what was typed. Every write changes blog_posts, which moves the site version (drizzle/0023):
// kept public pages show the change at their next request. The caller writes the activity log in the same transaction
// (the route: services/site may not import staff).
import { and, eq, like, ne, or } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.server";
import { blogPosts } from "../db/schema.server";
import { slugOf } from "./blog-post-check.server";
import type { RenderedPost } from "./blog-post-render.server";
import { type PostStatus, readPost } from "./blog-posts.server";
import { deletePhotoIfUnused } from "./photos.server";

type Db = Database | Transaction;

/** The title's slug, or it with "-2", "-3"... when another post has it. */
async function uniqueSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  const base = slugOf(title);
  const rows = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(
      and(
        or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)),
        exceptId ? ne(blogPosts.id, exceptId) : undefined,
      ),
    );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/** The columns a saved post's fields set. */
function columnsOf(post: RenderedPost) {
  return {
    title: post.title,
    author: post.author,
    date: post.date,
    description: post.description,
    tags: post.tags,
    bodyMarkdown: post.bodyMarkdown,
    bodyHtml: post.bodyHtml,
    coverAlt: post.coverAlt,
    language: post.language,
  };
}

/** A new post, its slug from its title. */
export async function createPost(
  tx: Db,
  post: RenderedPost,
  status: PostStatus,
  cover?: { photoId: string | null },
): Promise<{ id: string; slug: string }> {
  const slug = await uniqueSlug(tx, post.title);
  const [row] = await tx
    .insert(blogPosts)
    .values({ ...columnsOf(post), slug, status, coverPhotoId: cover?.photoId ?? null })
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  if (!row) throw new Error("The post was not stored.");
  return row;
}

/**
 * Saves a post's fields with its new status. A draft's slug follows its title (nobody outside
 * has its address); a published post keeps its address once it had one. `cover` replaces the
 * cover photo when given (null removes it); the photo it had goes when nothing else shows it.
 * Resolves undefined when the post is gone.
 */
export async function updatePost(
  tx: Db,
  id: string,
  post: RenderedPost,
  status: PostStatus,
  cover?: { photoId: string | null },
): Promise<{ id: string; slug: string } | undefined> {
  const current = await readPost(tx, id);
  if (!current) return undefined;
  const slug =
    current.status === "draft" && current.title !== post.title
      ? await uniqueSlug(tx, post.title, id)
      : current.slug;
  const [row] = await tx
    .update(blogPosts)
    .set({
      ...columnsOf(post),
      slug,
      status,
      ...(cover ? { coverPhotoId: cover.photoId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  if (cover && current.coverPhotoId && current.coverPhotoId !== cover.photoId) {
    await deletePhotoIfUnused(tx, current.coverPhotoId);
  }
  return row;
}

/**
 * Removes a post, and its cover photo when nothing else shows it; resolves its title, or
 * undefined when it was already gone.
 */
export async function deletePost(tx: Db, id: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(blogPosts)
    .where(eq(blogPosts.id, id))
    .returning({ title: blogPosts.title, coverPhotoId: blogPosts.coverPhotoId });
  if (row?.coverPhotoId) await deletePhotoIfUnused(tx, row.coverPhotoId);
  return row?.title;
}

/** The activity record of a save: what it did to the post, by its status before and after. */
export function savedPostRecord(status: PostStatus, before: PostStatus | undefined, title: string) {
  return status === "published"
    ? before === "published"
      ? `Updated the published post “${title}”`
      : `Published the post “${title}”`
    : before === "published"
      ? `Unpublished the post “${title}”`
      : `Saved the draft post “${title}”`;
}
