import { BookNowLink } from "~/components/book-now-link";
import { Paragraphs } from "~/components/page-text";
import { Photo } from "~/components/photo";
import { Picture } from "~/components/picture";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { inCityOf, localeOfMatches, pageMeta, salonNameOf, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
import { readPageTexts } from "~/services/site/page-texts.server";
import type { Route } from "./+types/about";

export const handle = {
  page: "About",
  cache: "static",
  listed: true,
  styles: ["about"],
} satisfies RouteHandle;

// The introduction and three sections are the owner's ('Page Texts', docs/product.md#page-texts).
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const texts = await readPageTexts(context.db, locale);
  return { lead: texts.aboutLead, sections: texts.about };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeOfMatches(matches);
  return pageMeta(matches, {
    title: titled(matches, m.about_title({}, { locale })),
    description: m.about_description(
      { name: salonNameOf(matches), inCity: inCityOf(matches, locale) },
      { locale },
    ),
    path: "/about",
  });
};

export default function About({ loaderData }: Route.ComponentProps) {
  const { name } = useSalon();
  const locale = useLocale();
  return (
    <article className="page">
      <header className="page-header">
        <p className="eyebrow">{m.about_eyebrow({}, { locale })}</p>
        <h1>{m.about_heading({ name }, { locale })}</h1>
        <Paragraphs text={loaderData.lead} className="lead" />
      </header>
      {loaderData.sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          className={`split${index % 2 === 1 ? " split--reverse" : ""}`}
          aria-labelledby={`${section.id}-title`}
        >
          <div className="split__art">
            {section.photo ? (
              <Photo
                photo={section.photo.view}
                alt={section.photo.alt}
                sizes="(min-width: 900px) 45vw, 100vw"
                priority={index === 0}
              />
            ) : (
              <Picture
                image={section.imageKey}
                sizes="(min-width: 900px) 45vw, 100vw"
                priority={index === 0}
              />
            )}
          </div>
          <div className="split__text">
            <h2 id={`${section.id}-title`}>{section.heading}</h2>
            <Paragraphs text={section.text} />
          </div>
        </section>
      ))}
      <p className="button-row button-row--center">
        <BookNowLink />
      </p>
    </article>
  );
}
