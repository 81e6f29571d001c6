import { requireOwner } from "~/services/staff/accounts.server";
import { staffContext } from "~/services/staff/session.server";
import type { Route } from "./+types/site-special-hours";

// 'Special Hours' (docs/product.md#the-site): owner only, checked here on the server.

export function loader({ context }: Route.LoaderArgs) {
  requireOwner(context.get(staffContext), "Special Hours");
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: "Special Hours | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

export default function SiteSpecialHours() {
  return (
    <header className="page-header">
      <p className="eyebrow">Site</p>
      <h1>Special Hours</h1>
    </header>
  );
}
