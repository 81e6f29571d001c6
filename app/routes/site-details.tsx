import { requireOwner } from "~/services/staff/accounts.server";
import { staffContext } from "~/services/staff/session.server";
import type { Route } from "./+types/site-details";

// 'Business Details' (docs/product.md#the-site): owner only, checked here on the server.

export function loader({ context }: Route.LoaderArgs) {
  requireOwner(context.get(staffContext), "Business Details");
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: "Business Details | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

export default function SiteBusinessDetails() {
  return (
    <header className="page-header">
      <p className="eyebrow">Site</p>
      <h1>Business Details</h1>
    </header>
  );
}
