import { requireOwner } from "~/services/staff/accounts.server";
import { staffContext } from "~/services/staff/session.server";
import type { Route } from "./+types/site-texts";

// 'Page Texts' (docs/product.md#the-site): owner only, checked here on the server.

export function loader({ context }: Route.LoaderArgs) {
  requireOwner(context.get(staffContext), "Page Texts");
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: "Page Texts | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

export default function SitePageTexts() {
  return (
    <header className="page-header">
      <p className="eyebrow">Site</p>
      <h1>Page Texts</h1>
    </header>
  );
}
