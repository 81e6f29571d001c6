import { Link, useRouteLoaderData } from "react-router";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { sitePagesFor } from "~/lib/site-pages";
import type { Route } from "./+types/site";
import type { loader as siteLayoutLoader } from "./site-layout";

// 'Site' in the staff navigation (docs/product.md#the-site): the pages where the salon changes
// what its website says.
export const handle = { styles: ["staff", "site-admin"] } satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Site");

export default function Site() {
  const open = useRouteLoaderData<typeof siteLayoutLoader>("routes/site-layout")?.open;
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Staff</p>
        <h1>Site</h1>
        <p className="lead">What the website says: changes show on the public pages at once.</p>
      </header>
      <ul className="site-admin__cards">
        {sitePagesFor(open).map((page) => (
          <li key={page.to}>
            <Link to={page.to}>{page.label}</Link>
            <p>{page.summary}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
