import type { Route } from "./+types/site-reviews";

// 'Reviews' (docs/product.md#the-site): any staff account.

export const meta: Route.MetaFunction = () => [
  { title: "Reviews | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

export default function SiteReviews() {
  return (
    <header className="page-header">
      <p className="eyebrow">Site</p>
      <h1>Reviews</h1>
    </header>
  );
}
