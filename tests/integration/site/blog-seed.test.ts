// The spec's two posts (app/content/blog-posts.ts) seeded at the first start of a database, once
// ever (docs/product.md#blog-posts): published, their blocks as Markdown made into the same
// headings, lists and paragraphs, their drawn illustrations as covers; a seeded post staff delete
// does not come back, and several processes starting at once seed them once.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPosts as seedPosts } from "~/content/blog-posts";
import { blogPosts } from "~/services/db/schema.server";
import { deletePost } from "~/services/site/blog-post-changes.server";
import { listPublishedPosts, readPost } from "~/services/site/blog-posts.server";
import { blocksToMarkdown, seedBlogPostsOnce } from "~/services/site/blog-seed.server";
import { readPhotoViews } from "~/services/site/photos.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

describe("seeding the spec's posts", () => {
  it("adds them published, newest first as the spec lists them, with covers, once", async () => {
    expect(await seedBlogPostsOnce(database.db)).toBe(true);
    const posts = await listPublishedPosts(database.db);
    expect(posts.map((post) => post.slug)).toEqual(["special-occasions", "types-of-manicures"]);
    expect(posts[1]?.tags).toEqual([
      "manicures",
      "nail care",
      "gel",
      "shellac",
      "acrylic",
      "dip powder",
    ]);
    const covers = await readPhotoViews(
      database.db,
      posts.flatMap((post) => (post.coverPhotoId ? [post.coverPhotoId] : [])),
    );
    expect(covers.size).toBe(2);
    expect(posts[0]?.coverAlt).toMatch(/^Illustration of a hand with champagne shimmer nails/);

    const guide = await readPost(database.db, posts[1]?.id ?? "");
    expect(guide?.bodyHtml).toContain("<h2>Basic Manicure</h2>");
    expect(guide?.bodyHtml.match(/<p>/g)).toHaveLength(
      seedPosts[1]?.body.filter((block) => block.type === "p").length ?? -1,
    );

    // Deleted by staff, it stays deleted at the next start.
    await database.db.transaction((tx) => deletePost(tx, posts[0]?.id ?? ""));
    expect(await seedBlogPostsOnce(database.db)).toBe(false);
    expect((await listPublishedPosts(database.db)).map((post) => post.slug)).toEqual([
      "types-of-manicures",
    ]);
  });

  it("seeds once when several processes start together", async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => seedBlogPostsOnce(database.db)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = (
      (await database.db.execute(sql`select count(*)::int as n from ${blogPosts}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(row?.n).toBe(2);
  });

  it("writes the blocks as Markdown that reads back as the same blocks", () => {
    expect(
      blocksToMarkdown([
        { type: "h2", text: "1. Results That Hold" },
        { type: "p", text: "Gel *and* dip_powder [sic] <b>" },
        { type: "ul", items: ["one", "two"] },
      ]),
    ).toBe(
      "## 1. Results That Hold\n\nGel \\*and\\* dip\\_powder \\[sic\\] \\<b\\>\n\n- one\n- two",
    );
  });
});
