import { Link } from "react-router";
import { BookNowLink } from "~/components/book-now-link";
import { HoursList } from "~/components/hours-table";
import { Paragraphs } from "~/components/page-text";
import { Photo } from "~/components/photo";
import { Picture } from "~/components/picture";
import { BookLink } from "~/components/service-category-card";
import { WelcomeOverlay } from "~/components/welcome-overlay";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { langWithin, localeOfPath } from "~/domain/i18n/locale-path";
import { placeOf } from "~/domain/salon/salon-details";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { inCityOf, localeOfMatches, pageMeta, salonNameOf, salonOf } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useSalon } from "~/lib/salon";
import { jsonForScript, nailSalonJsonLd } from "~/lib/structured-data";
import { m } from "~/paraglide/messages.js";
import { readMenu } from "~/services/salon/menu.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { readPageTexts } from "~/services/site/page-texts.server";
import { listVisibleReviews } from "~/services/site/reviews.server";
import type { Route } from "./+types/home";

export const handle = {
  page: "Home",
  // The favourites are the database's menu (docs/product.md#one-menu): kept until it changes.
  cache: "versioned",
  listed: true,
  styles: ["hours", "quote", "home"],
} satisfies RouteHandle;

// The menu highlights, a review and the JSON-LD come from the loader, so the page's JavaScript
// module does not carry the whole menu and review list (React loads it on a client-side navigation
// from a page that hydrates; a first visit of / loads no script file: docs/decisions/012-javascript-only-where-needed.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  // The owner's words ('Page Texts', docs/product.md#page-texts).
  const { home, welcome } = await readPageTexts(context.db, locale);
  return {
    home,
    welcome,
    highlights: (await readMenu(context.db, locale))
      .filter((category) => category.featured)
      .map(({ slug, key, name, summary, items, localized }) => ({
        slug,
        key,
        name,
        summary,
        first: items[0],
        localized,
      })),
    // The first visible review in the owner's order (docs/product.md#reviews).
    review: (await listVisibleReviews(context.db, 1))[0],
    jsonLd: jsonForScript(
      nailSalonJsonLd(
        context.siteUrl,
        await readSalonFacts(context.db),
        salonDateOf(new Date(), SALON_TIME_ZONE),
        locale,
      ),
    ),
  };
}

// The salon's name and place are the owner's 'Business Details' (docs/product.md#business-facts).
export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeOfMatches(matches);
  const salon = salonOf(matches);
  const inPlace = salon ? m.booking_in_city({ city: placeOf(salon) }, { locale }) : "";
  return pageMeta(matches, {
    title: m.home_title(
      { name: salonNameOf(matches), inCity: inCityOf(matches, locale) },
      { locale },
    ),
    description: m.home_description({ inPlace }, { locale }),
    path: "/",
  });
};

type HomeData = Route.ComponentProps["loaderData"];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, welcome, highlights, review, jsonLd } = loaderData;
  return (
    <>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own JSON, with "<" escaped.
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      <Hero {...home} />
      <WhyUs pillars={home.pillars} />
      <Favorites highlights={highlights} />
      {review ? <GuestQuote review={review} /> : null}
      <VisitUs />
      {welcome.show ? <WelcomeOverlay {...welcome} /> : null}
    </>
  );
}

function Hero({ heading, text, photo }: HomeData["home"]) {
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <section className="hero">
      <div className="hero__text">
        <p className="eyebrow">{placeOf(useSalon())}</p>
        <h1>{heading}</h1>
        <Paragraphs text={text} className="lead" />
        <div className="button-row">
          <BookNowLink />
          <Link className="button button--ghost" to={to("/services")}>
            {m.home_services_link({}, { locale })}
          </Link>
        </div>
      </div>
      <div className="hero__art">
        {photo ? (
          <Photo
            photo={photo.view}
            alt={photo.alt}
            priority
            sizes="(min-width: 900px) 55vw, 100vw"
            className="hero__img"
          />
        ) : (
          <Picture
            image="hero"
            priority
            sizes="(min-width: 900px) 55vw, 100vw"
            className="hero__img"
          />
        )}
      </div>
    </section>
  );
}

/** The three reasons of 'Page Texts' (docs/product.md#page-texts). */
function WhyUs({ pillars }: Pick<HomeData["home"], "pillars">) {
  const locale = useLocale();
  return (
    <section className="band" aria-labelledby="why-title">
      <h2 id="why-title" className="visually-hidden">
        {m.home_why({}, { locale })}
      </h2>
      <ul className="pillars">
        {pillars.map((pillar, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the three reasons, in their fixed order.
          <li key={index}>
            <h3>{pillar.heading}</h3>
            <Paragraphs text={pillar.text} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The featured categories of the menu, each with its first service and price. */
function Favorites({ highlights }: Pick<HomeData, "highlights">) {
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <section className="page-section" aria-labelledby="menu-title">
      <div className="section-head">
        <h2 id="menu-title">{m.home_favorites({}, { locale })}</h2>
        <Link to={to("/services")} className="text-link">
          {m.home_full_menu({}, { locale })}
        </Link>
      </div>
      <ul className="card-grid">
        {highlights.map((category) => {
          const from = category.first;
          return (
            <li key={category.slug} className="card">
              {/* A text without its Spanish is English on /es, marked so (issue 39). */}
              <h3 lang={langWithin(category.localized?.name, locale)}>{category.name}</h3>
              <p lang={langWithin(category.localized?.summary, locale)}>{category.summary}</p>
              {from ? (
                <>
                  <p className="card__meta">
                    <span lang={langWithin(from.localized?.name, locale)}>{from.name}</span>{" "}
                    &middot; {from.price}
                  </p>
                  <BookLink serviceId={from.id} service={from.name} category={category.key} />
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function GuestQuote({ review }: { review: NonNullable<HomeData["review"]> }) {
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <section className="page-section quote-band" aria-labelledby="guests-title">
      <h2 id="guests-title" className="visually-hidden">
        {m.home_guests_say({}, { locale })}
      </h2>
      <figure className="quote">
        <blockquote lang={langWithin(review.language, locale)}>
          <p>{review.quote}</p>
        </blockquote>
        <figcaption>{review.city ? `${review.name}, ${review.city}` : review.name}</figcaption>
      </figure>
      <Link to={to("/reviews")} className="text-link">
        {m.home_more_reviews({}, { locale })}
      </Link>
    </section>
  );
}

function VisitUs() {
  const business = useSalon();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <section className="page-section visit" aria-labelledby="visit-title">
      <div>
        <h2 id="visit-title">{m.home_visit({}, { locale })}</h2>
        <p>
          {business.address.street}, {business.address.city}, {business.address.region}{" "}
          {business.address.postalCode}
        </p>
        <p>
          <a href={`tel:${business.phoneE164}`}>{business.phone}</a>
        </p>
      </div>
      <HoursList />
      <Link className="button" to={to("/schedule")}>
        {m.home_book_visit({}, { locale })}
      </Link>
    </section>
  );
}
