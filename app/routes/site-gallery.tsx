import type { Route } from "./+types/site-gallery";

// 'Gallery' (docs/product.md#the-site): any staff account.

export const meta: Route.MetaFunction = () => [
  { title: "Gallery | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

export default function SiteGallery() {
  return (
    <header className="page-header">
      <p className="eyebrow">Site</p>
      <h1>Gallery</h1>
    </header>
  );
}
