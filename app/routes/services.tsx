import { Link } from "react-router";
import { Paragraphs } from "~/components/page-text";
import { ServiceCategoryCard } from "~/components/service-category-card";
import { pageMeta, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { readMenu } from "~/services/salon/menu.server";
import { readPageTexts } from "~/services/site/page-texts.server";
import type { Route } from "./+types/services";

export const handle = {
  page: "Services",
  // The menu is the database's (docs/product.md#one-menu): kept until the services change.
  cache: "versioned",
  listed: true,
  styles: ["services"],
} satisfies RouteHandle;

// The introduction is the owner's ('Page Texts', docs/product.md#page-texts).
export async function loader({ context }: Route.LoaderArgs) {
  const [menu, texts] = await Promise.all([readMenu(context.db), readPageTexts(context.db)]);
  return { menu, intro: texts.servicesIntro };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: titled(matches, "Services and Prices"),
    description:
      "Manicure, acrylic, pedicure, Gel-X extensions, gel polish, dip powder, kids nails, waxing, massage and add-on services, with prices and times.",
    path: "/services",
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">Menu</p>
        <h1>Our Services</h1>
        <Paragraphs text={loaderData.intro} className="lead" />
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
