// The spec's two posts (app/content/blog-posts.ts) become published posts at the first start of a
// database, once ever: afterwards staff own them ('Blog Posts'), and a post they delete must not
// come back at the next start. No page reads app/content/blog-*.ts (docs/product.md#blog-posts).
// Their covers are the illustrations tools/illustrations drew into public/images (AVIF and WebP),
// stored as photos as they are (as the gallery's seed does: no encoding at a first start).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type BlogBlock, type BlogPost, blogPosts as seedPosts } from "../../content/blog-posts";
import { type ImageKey, images } from "../../content/images";
import { photoFileName } from "../../lib/photo-view";
import type { Database, Transaction } from "../db/client.server";
import { blogPosts, photoFiles, photos, seedRuns } from "../db/schema.server";
import { renderPostBody } from "./blog-markdown.server";
import { splitTags } from "./blog-post-check.server";

/** Characters Markdown would read as markup at the start of a line or inside one. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#])/g, "\\$1");

/** A spec post's blocks as the Markdown staff would have typed. */
export function blocksToMarkdown(blocks: readonly BlogBlock[]): string {
  return blocks
    .map((block) => {
      if (block.type === "h2") return `## ${escapeMarkdown(block.text)}`;
      if (block.type === "ul")
        return block.items.map((item) => `- ${escapeMarkdown(item)}`).join("\n");
      // "1. Results..." at a line's start would be a list; the spec's paragraphs never start so.
      return escapeMarkdown(block.text);
    })
    .join("\n\n");
}

/** The rows of the spec's posts; the first is the newer of two posts of one day, as listed. */
export function seedPostRows(posts: readonly BlogPost[] = seedPosts, now = new Date()) {
  return posts.map((post, index) => {
    const bodyMarkdown = blocksToMarkdown(post.body);
    return {
      slug: post.id,
      title: post.title,
      author: post.author,
      date: post.date,
      description: post.desc,
      tags: splitTags(post.tags),
      bodyMarkdown,
      bodyHtml: renderPostBody(bodyMarkdown),
      status: "published" as const,
      createdAt: new Date(now.getTime() - index * 1000),
      updatedAt: now,
    };
  });
}

/** Where the drawn images are: the source folder, or the built site's copy of it. */
function imagesFolder(): string | undefined {
  return ["public/images", "build/client/images"]
    .map((folder) => path.resolve(folder))
    .find((folder) => fs.existsSync(folder));
}

/**
 * Stores an illustration as a photo (its largest WebP the master, its files as drawn) and
 * resolves its id with its alt text; undefined when its files are not there (the post is seeded
 * without a cover).
 */
async function storeIllustration(
  tx: Transaction,
  key: ImageKey,
): Promise<{ photoId: string; alt: string } | undefined> {
  const folder = imagesFolder();
  const image = images[key];
  if (!folder) return undefined;
  let master: Buffer;
  let files: { format: "avif" | "webp"; width: number; height: number; bytes: Buffer }[];
  try {
    const read = (width: number, format: "avif" | "webp") =>
      fs.readFileSync(path.join(folder, `${image.name}-${width}.${format}`));
    master = read(image.widths.at(-1) ?? image.width, "webp");
    files = image.widths.flatMap((width) =>
      (["avif", "webp"] as const).map((format) => ({
        format,
        width,
        height: Math.round((image.height * width) / image.width),
        bytes: read(width, format),
      })),
    );
  } catch {
    return undefined;
  }
  const width = image.widths.at(-1) ?? image.width;
  const hash = createHash("sha256").update(master).digest("hex").slice(0, 20);
  const [photo] = await tx
    .insert(photos)
    .values({
      hash,
      width,
      height: Math.round((image.height * width) / image.width),
      format: "webp",
      master,
    })
    .onConflictDoUpdate({ target: photos.hash, set: { hash } })
    .returning({ id: photos.id });
  if (!photo) return undefined;
  for (const file of files) {
    await tx
      .insert(photoFiles)
      .values({ photoId: photo.id, ...file, name: photoFileName(hash, file.width, file.format) })
      .onConflictDoNothing();
  }
  return { photoId: photo.id, alt: image.alt };
}

/**
 * Seeds the spec's posts if this database never had them; safe with several processes starting.
 * Resolves true when they were seeded now.
 */
export async function seedBlogPostsOnce(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: "blog-posts" })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return false;
    const rows = seedPostRows();
    for (const [index, row] of rows.entries()) {
      const key = seedPosts[index]?.imageKey;
      const cover = key ? await storeIllustration(tx, key) : undefined;
      await tx
        .insert(blogPosts)
        .values({ ...row, coverPhotoId: cover?.photoId ?? null, coverAlt: cover?.alt ?? "" })
        .onConflictDoNothing();
    }
    return true;
  });
}
