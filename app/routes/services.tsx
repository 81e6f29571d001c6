import { Link } from "react-router";
import { Paragraphs } from "~/components/page-text";
import { ServiceCategoryCard } from "~/components/service-category-card";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { localeOfMatches, pageMeta, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
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
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const [menu, texts] = await Promise.all([
    readMenu(context.db, locale),
    readPageTexts(context.db, locale),
  ]);
  return { menu, intro: texts.servicesIntro };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeOfMatches(matches);
  return pageMeta(matches, {
    title: titled(matches, m.services_title({}, { locale })),
    description: m.services_description({}, { locale }),
    path: "/services",
  });
};

export default function Services({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">{m.services_eyebrow({}, { locale })}</p>
        <h1>{m.services_heading({}, { locale })}</h1>
        <Paragraphs text={loaderData.intro} className="lead" />
      </header>
      <ul className="services">
        {loaderData.menu.map((category) => (
          <ServiceCategoryCard key={category.slug} category={category} />
        ))}
      </ul>
      <p className="button-row button-row--center">
        <Link className="button" to={to("/schedule")}>
          {m.services_book_now({}, { locale })}
        </Link>
      </p>
    </div>
  );
}
