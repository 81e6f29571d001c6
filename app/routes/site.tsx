import { Link, useRouteLoaderData } from "react-router";
import { privatePageMeta } from "~/lib/meta";
import { mayOpen } from "~/lib/route-access.server";
import type { RouteHandle } from "~/lib/route-handle";
import { sitePagesFor } from "~/lib/site-pages";
import { staffContext } from "~/lib/staff-only.server";
import { listMissingSpanish } from "~/services/site/missing-spanish.server";
import type { Route } from "./+types/site";
import type { loader as siteLayoutLoader } from "./site-layout";

// 'Site' in the staff navigation (docs/product.md#the-site): the pages where the salon changes
// what its website says, and what is still missing in Spanish (issue 39).
export const handle = { styles: ["staff", "site-admin"] } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const missing = await listMissingSpanish(context.db, (path) =>
    mayOpen(user, context.routeAccess.get(path)),
  );
  return { missing };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Site");

export default function Site({ loaderData }: Route.ComponentProps) {
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
      <MissingInSpanish missing={loaderData.missing} />
    </>
  );
}

type Missing = Route.ComponentProps["loaderData"]["missing"];

/** 'Missing in Spanish': the owner's texts the Spanish pages still show in English, by editor. */
function MissingInSpanish({ missing }: { missing: Missing }) {
  const count = missing.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <section className="staff-section missing-spanish" aria-labelledby="missing-spanish-title">
      <h2 id="missing-spanish-title">Missing in Spanish</h2>
      {count === 0 ? (
        <p className="staff-section__intro">Every text has its Spanish.</p>
      ) : (
        <>
          <p className="staff-section__intro">
            The Spanish pages show these in English until their Spanish is written.
          </p>
          {missing.map((group) => (
            <div key={group.editor} className="missing-spanish__group">
              <h3>
                <Link to={group.href}>{group.editor}</Link>{" "}
                <span className="missing-spanish__count">({group.items.length})</span>
              </h3>
              <ul>
                {group.items.map((item) => (
                  <li key={`${item.href}:${item.label}`}>
                    <Link to={item.href}>{item.label}</Link>
                    <span className="missing-spanish__fields">{item.fields.join(", ")}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
    </section>
  );
}
