import { type BlogPost, blogPosts } from "./blog-posts";

/** Newest first (spec: the blog list shows the newest post first); ties keep their order. */
export function listBlogPosts(): BlogPost[] {
  return [...blogPosts].sort((a, b) => b.date.localeCompare(a.date));
}

export function findBlogPost(id: string | null): BlogPost | undefined {
  return blogPosts.find((post) => post.id === id);
}

/** Spec: tags are stored comma-separated and shown split. */
export function splitTags(tags: string): string[] {
  return tags
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
}
