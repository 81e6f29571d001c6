import { isRouteErrorResponse, NavLink, Outlet, useRouteLoaderData } from "react-router";
import { mayOpen } from "~/lib/route-access.server";
import type { RouteHandle } from "~/lib/route-handle";
import { SITE_PATHS, sitePagesFor } from "~/lib/site-pages";
import { staffContext } from "~/lib/staff-only.server";
import type { Route } from "./+types/site-layout";

// The owner's pages (docs/product.md#the-site), under the staff layout (its middleware is their
// staff check). Owner-only pages say so in their handle (`access`), enforced before their loader
// and action (app/lib/route-access.server.ts); the navigation lists the pages the signed-in member
// may open, read from the same declarations (`routeAccess`, derived at start by server/app.ts).

export const handle = { styles: ["forms", "staff", "site-admin"] } satisfies RouteHandle;

export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const open = SITE_PATHS.filter((path) => mayOpen(user, context.routeAccess.get(path)));
  return { role: user.role, open };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page staff-page site-admin">
      <nav className="site-admin__nav" aria-label="Site pages">
        <ul>
          <li>
            <NavLink to="/site" end>
              Site
            </NavLink>
          </li>
          {sitePagesFor(loaderData.open).map((page) => (
            <li key={page.to}>
              <NavLink to={page.to}>{page.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

/** An owner's page opened by a Staff account (403), or a failure, in the Site's own chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const open = useRouteLoaderData<typeof loader>("routes/site-layout")?.open;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="page staff-page site-admin">
      <header className="page-header">
        <p className="eyebrow">Site</p>
        <h1>{forbidden ? "Owner only" : "Something went wrong"}</h1>
        <p className="lead">
          {forbidden && typeof error.data === "string"
            ? error.data
            : "Something went wrong on our side. Please try again."}
        </p>
      </header>
      <ul className="site-admin__cards">
        {sitePagesFor(open).map((page) => (
          <li key={page.to}>
            <NavLink to={page.to}>{page.label}</NavLink>
            <p>{page.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
