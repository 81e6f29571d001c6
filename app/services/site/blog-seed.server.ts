// The spec's two posts (app/content/blog-posts.ts) become published posts at the first start of a
// database, once ever: afterwards staff own them ('Blog Posts'), and a post they delete must not
// come back at the next start. No page reads app/content/blog-*.ts (docs/product.md#blog-posts).
import { type BlogBlock, type BlogPost, blogPosts as seedPosts } from "../../content/blog-posts";
import type { Database } from "../db/client.server";
import { blogPosts, seedRuns } from "../db/schema.server";
import { renderPostBody } from "./blog-markdown.server";
import { splitTags } from "./blog-posts.server";

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
    await tx.insert(blogPosts).values(seedPostRows()).onConflictDoNothing();
    return true;
  });
}
