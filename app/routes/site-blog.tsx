import type { Route } from "./+types/site-blog";

// 'Blog Posts' (docs/product.md#the-site): any staff account.

export const meta: Route.MetaFunction = () => [
  { title: "Blog Posts | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

export default function SiteBlogPosts() {
  return (
    <header className="page-header">
      <p className="eyebrow">Site</p>
      <h1>Blog Posts</h1>
    </header>
  );
}
