// A post's address (docs/product.md#blog-posts): made from its title, unique ("-2" when taken),
// following a draft's title, kept once the post is published.
import { describe, expect, it } from "vitest";
import { createPost, updatePost } from "~/services/site/blog-post-changes.server";
import { checkPost } from "~/services/site/blog-post-check.server";
import type { RenderedPost } from "~/services/site/blog-post-render.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

function post(title: string): RenderedPost {
  const checked = checkPost({ title, author: "Mara", date: "2030-05-01", body: "Hello." });
  if (!checked.ok) throw new Error(JSON.stringify(checked.fieldErrors));
  // Saves store the HTML rendered before them (blog-post-render.server.ts).
  return { ...checked.post, bodyHtml: "<p>Hello.</p>\n" };
}

describe("a post's address", () => {
  it("is its title's, with -2, -3 when another post has it", async () => {
    const { db } = database;
    const first = await createPost(db, post("Chrome Nails!"), "published");
    const second = await createPost(db, post("Chrome nails"), "draft");
    const third = await createPost(db, post("CHROME NAILS?"), "draft");
    expect([first.slug, second.slug, third.slug]).toEqual([
      "chrome-nails",
      "chrome-nails-2",
      "chrome-nails-3",
    ]);
  });

  it("follows a draft's title, and stays once the post is published", async () => {
    const { db } = database;
    const draft = await createPost(db, post("Working Title"), "draft");
    const renamed = await updatePost(db, draft.id, post("Gel at Home"), "draft");
    expect(renamed?.slug).toBe("gel-at-home");
    const published = await updatePost(db, draft.id, post("Gel at Home"), "published");
    expect(published?.slug).toBe("gel-at-home");
    const retitled = await updatePost(db, draft.id, post("Gel at Home, Safely"), "published");
    expect(retitled?.slug).toBe("gel-at-home");
  });
});
