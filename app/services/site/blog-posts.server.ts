// Blog posts ('Blog Posts', docs/product.md#blog-posts), read: a draft is for signed-in staff
// only; the public pages ask for published posts. What staff write is checked in
// blog-post-check.server.ts and stored by blog-post-changes.server.ts.
import { and, desc, eq } from "drizzle-orm";
import type { Locale } from "../../domain/i18n/locale";
import type { Database, Transaction } from "../db/client.server";
import { blogPosts } from "../db/schema.server";

type Db = Database | Transaction;

export type PostStatus = "draft" | "published";

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export type BlogPostRow = typeof blogPosts.$inferSelect;

/** One post by its id, draft or published. */
export async function readPost(db: Db, id: string): Promise<BlogPostRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

/** Newest first: by date, then the one saved later (two posts of a day keep a fixed order). */
const NEWEST_FIRST = [desc(blogPosts.date), desc(blogPosts.createdAt), desc(blogPosts.id)];

export interface PostListItem {
  id: string;
  slug: string;
  title: string;
  author: string;
  date: string;
  description: string;
  tags: string[];
  status: PostStatus;
  coverPhotoId: string | null;
  coverAlt: string;
  /** The language it is written in ('Language'): a page in the other language marks it. */
  language: Locale;
  updatedAt: Date;
}

const LIST_COLUMNS = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  author: blogPosts.author,
  date: blogPosts.date,
  description: blogPosts.description,
  tags: blogPosts.tags,
  status: blogPosts.status,
  coverPhotoId: blogPosts.coverPhotoId,
  coverAlt: blogPosts.coverAlt,
  language: blogPosts.language,
  updatedAt: blogPosts.updatedAt,
};

/** Every post, drafts too, newest first: the staff's list. */
export async function listAllPosts(db: Db): Promise<PostListItem[]> {
  return db
    .select(LIST_COLUMNS)
    .from(blogPosts)
    .orderBy(...NEWEST_FIRST);
}

/** Published, and in `language` when one is given. */
const publishedIn = (language?: Locale) =>
  and(eq(blogPosts.status, "published"), language ? eq(blogPosts.language, language) : undefined);

/**
 * The published posts, newest first: those of one language for its blog (/blog the English,
 * /es/blog the Spanish, issue 39), every one for the sitemap.
 */
export async function listPublishedPosts(db: Db, language?: Locale): Promise<PostListItem[]> {
  return db
    .select(LIST_COLUMNS)
    .from(blogPosts)
    .where(publishedIn(language))
    .orderBy(...NEWEST_FIRST);
}

/** Whether a language's blog has a published post: an empty blog links the other's. */
export async function hasPublishedPosts(db: Db, language: Locale): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(publishedIn(language))
    .limit(1);
  return row !== undefined;
}

/**
 * A language's published posts with their bodies, newest first, at most `limit`: its Atom feed
 * (/blog/feed.xml the English, /es/blog/feed.xml the Spanish).
 */
export async function listPublishedPostsWithBodies(
  db: Db,
  language: Locale,
  limit: number,
): Promise<BlogPostRow[]> {
  return db
    .select()
    .from(blogPosts)
    .where(publishedIn(language))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

/** A post by its address: a published one, or a draft too when `drafts` (signed-in staff). */
export async function findPostBySlug(
  db: Db,
  slug: string,
  options: { drafts: boolean },
): Promise<BlogPostRow | undefined> {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return undefined;
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(
      and(eq(blogPosts.slug, slug), options.drafts ? undefined : eq(blogPosts.status, "published")),
    );
  return row;
}
