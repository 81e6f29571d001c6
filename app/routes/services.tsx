import { Link } from "react-router";
import { ServiceCategoryCard } from "~/components/service-category-card";
import { pageMeta, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { readMenu } from "~/services/salon/menu.server";
import type { Route } from "./+types/services";

export const handle = {
  page: "Services",
  // The menu is the database's (docs/product.md#one-menu): kept until the services change.
  cache: "versioned",
  listed: true,
  styles: ["services"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { menu: await readMenu(context.db) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: titled(matches, "Services and Prices"),
    description:
      "Manicure, acrylic, pedicure, Gel-X extensions, gel polish, dip powder, kids nails, waxing, massage and add-on services, with prices and times.",
    keywords: [
      "nail salon prices",
      "gel extensions",
      "dip powder nails",
      "acrylic nails",
      "waxing",
    ],
    path: "/services",
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">Menu</p>
        <h1>Our Services</h1>
        <p className="lead">
          Ten ways to be looked after, from a quick polish change to a full spa pedicure. Prices are
          a starting point; your technician confirms anything extra before they begin.
        </p>
      </header>
      <ul className="services">
        {loaderData.menu.map((category) => (
          <ServiceCategoryCard key={category.slug} category={category} />
        ))}
      </ul>
      <p className="button-row button-row--center">
        <Link className="button" to="/schedule">
          Schedule Appointment Now
        </Link>
      </p>
    </div>
  );
}
