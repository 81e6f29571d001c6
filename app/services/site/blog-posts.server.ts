// Blog posts ('Blog Posts', docs/product.md#blog-posts): staff write them in Markdown; the HTML
// the pages show is made and sanitised here when a post is saved (blog-markdown.server.ts), so a
// page never renders Markdown or trusts what was typed. A draft is for signed-in staff only; the
// public pages ask for published posts. Every write changes blog_posts, which moves the site
// version (drizzle/0023): kept public pages show the change at their next request. The caller
// writes the activity log in the same transaction (the route: services/site may not import staff).
import { and, desc, eq, like, ne, or } from "drizzle-orm";
import { isOneLine, z } from "../../domain/zod";
import type { Database, Transaction } from "../db/client.server";
import { blogPosts } from "../db/schema.server";
import type { FormFields } from "../platform/form.server";
import { renderPostBody } from "./blog-markdown.server";
import { deletePhotoIfUnused } from "./photos.server";

type Db = Database | Transaction;

export type PostStatus = "draft" | "published";

export const MAX_TAGS = 12;
const MAX_TAG_LENGTH = 40;
// Well under the upload reader's 100 KB a field (photo-upload.server.ts), in any script and with
// the CRLF line endings a browser sends; about 5,000 words.
export const MAX_BODY_LENGTH = 30_000;

/** A post as staff wrote it, checked. */
export interface PostInput {
  title: string;
  author: string;
  date: string;
  description: string;
  tags: string[];
  bodyMarkdown: string;
  /** What the cover photo shows; "" when it is decorative (or there is none). */
  coverAlt: string;
}

/** The form's text fields, by the names the page posts them under. */
export const POST_FIELDS = [
  "title",
  "author",
  "date",
  "description",
  "tags",
  "body",
  "coverAlt",
] as const;

const oneLine = (max: number, required: boolean) =>
  z
    .string()
    .trim()
    .refine((value) => !required || value.length > 0, "Required")
    .refine((value) => value.length <= max, `At most ${max} characters`)
    .refine(isOneLine, "Write it on one line, without line breaks or special characters");

/** "YYYY-MM-DD" that is a day of the calendar. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** Tags as the spec's posts write them: "manicures, nail care, gel". */
export function splitTags(tags: string): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const raw of tags.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (tag === "" || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    list.push(tag);
  }
  return list;
}

const PostSchema = z.object({
  title: oneLine(160, true),
  author: oneLine(80, true),
  date: z
    .string()
    .trim()
    .refine(isCalendarDate, "Enter a date, like 2026-05-14")
    .refine(
      (value) => value >= "2000-01-01" && value <= "2099-12-31",
      "Enter a date, like 2026-05-14",
    ),
  description: z
    .string()
    .trim()
    .max(500, "At most 500 characters")
    .refine(isOneLine, "Write it as one paragraph, without line breaks or special characters"),
  tags: z
    .string()
    .transform(splitTags)
    .refine((tags) => tags.length <= MAX_TAGS, `At most ${MAX_TAGS} tags`)
    .refine(
      (tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH && isOneLine(tag)),
      `Each tag at most ${MAX_TAG_LENGTH} characters, separated by commas`,
    ),
  body: z
    .string()
    .refine((value) => value.trim().length > 0, "Required")
    .refine(
      (value) => value.length <= MAX_BODY_LENGTH,
      `At most ${MAX_BODY_LENGTH.toLocaleString("en-US")} characters`,
    ),
  coverAlt: oneLine(200, false),
});

export type PostCheck =
  | { ok: true; post: PostInput }
  | { ok: false; fieldErrors: Record<string, string> };

/** Checks the form's fields; each wrong one gets its message, keyed by the field's name. */
export function checkPost(fields: FormFields): PostCheck {
  const parsed = PostSchema.safeParse({
    title: fields.title ?? "",
    author: fields.author ?? "",
    date: fields.date ?? "",
    // A description is one paragraph: line breaks typed in its box become spaces.
    description: (fields.description ?? "").replace(/\s*[\r\n]+\s*/g, " "),
    tags: fields.tags ?? "",
    // Line endings as a textarea sends them; nothing else changes what was typed.
    body: (fields.body ?? "").replace(/\r\n?/g, "\n"),
    coverAlt: fields.coverAlt ?? "",
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const { body, ...rest } = parsed.data;
  return { ok: true, post: { ...rest, bodyMarkdown: body } };
}

/** A post's address part: "Five Reasons to Choose Us!" -> "five-reasons-to-choose-us". */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "post";
}

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
function columnsOf(post: PostInput) {
  return {
    title: post.title,
    author: post.author,
    date: post.date,
    description: post.description,
    tags: post.tags,
    bodyMarkdown: post.bodyMarkdown,
    bodyHtml: renderPostBody(post.bodyMarkdown),
    coverAlt: post.coverAlt,
  };
}

/** A new post, its slug from its title. */
export async function createPost(
  tx: Db,
  post: PostInput,
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
  post: PostInput,
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
  updatedAt: blogPosts.updatedAt,
};

/** Every post, drafts too, newest first: the staff's list. */
export async function listAllPosts(db: Db): Promise<PostListItem[]> {
  return db
    .select(LIST_COLUMNS)
    .from(blogPosts)
    .orderBy(...NEWEST_FIRST);
}

/** The published posts, newest first: /blog, the feed and the sitemap. */
export async function listPublishedPosts(db: Db): Promise<PostListItem[]> {
  return db
    .select(LIST_COLUMNS)
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
    .orderBy(...NEWEST_FIRST);
}

/** The published posts with their bodies, newest first, at most `limit`: the Atom feed. */
export async function listPublishedPostsWithBodies(db: Db, limit: number): Promise<BlogPostRow[]> {
  return db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
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
