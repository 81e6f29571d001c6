import { BookNowLink } from "~/components/book-now-link";
import { langWithin } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { inCityOf, localeOfMatches, pageMeta, salonNameOf, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { listVisibleReviews } from "~/services/site/reviews.server";
import type { Route } from "./+types/reviews";

export const handle = {
  page: "Reviews",
  cache: "static",
  listed: true,
  styles: ["quote", "reviews"],
} satisfies RouteHandle;

// The visible reviews in the order staff give them ('Reviews', docs/product.md#reviews), each as
// written, in its language (issue 39).
export async function loader({ context }: Route.LoaderArgs) {
  return { reviews: await listVisibleReviews(context.db) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeOfMatches(matches);
  return pageMeta(matches, {
    title: titled(matches, m.reviews_title({}, { locale })),
    description: m.reviews_description(
      { name: salonNameOf(matches), inCity: inCityOf(matches, locale) },
      { locale },
    ),
    path: "/reviews",
  });
};

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  const locale = useLocale();
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">{m.reviews_eyebrow({}, { locale })}</p>
        <h1>{m.reviews_heading({}, { locale })}</h1>
      </header>
      {reviews.length === 0 ? <p className="lead">{m.reviews_empty({}, { locale })}</p> : null}
      <ul className="reviews" hidden={reviews.length === 0}>
        {reviews.map((review) => (
          <li key={review.id}>
            <figure className="quote quote--card">
              {/* As the guest wrote it, its language marked on the other language's page. */}
              <blockquote lang={langWithin(review.language, locale)}>
                <p>{review.quote}</p>
              </blockquote>
              <figcaption>
                <span className="quote__name">{review.name}</span>
                {review.city ? <span className="quote__city">{review.city}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="button-row button-row--center">
        <BookNowLink />
      </p>
    </div>
  );
}
