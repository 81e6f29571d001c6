import type { Locale } from "~/domain/i18n/locale";
import { langWithin } from "~/domain/i18n/locale-path";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import type { MenuCategory } from "~/services/salon/menu.server";

/**
 * 'Book': /schedule with this service chosen (its category follows), the date still to pick. Its
 * name says which service, after the visible word (WCAG 2.5.3), since a list holds many (issue 38).
 */
export function BookLink({
  serviceId,
  service,
  category,
}: {
  serviceId: string;
  service: string;
  category: string;
}) {
  const locale = useLocale();
  const to = useLocalePath();
  const query = new URLSearchParams({ category, service: serviceId });
  return (
    <a className="button button--small book-link" href={to(`/schedule?${query}`)}>
      {m.services_book({}, { locale })}
      <span className="visually-hidden"> {service}</span>
    </a>
  );
}

/**
 * One category of the menu: its price list, each service's duration and price in view, and its
 * description behind Show More (issue 38: on a phone the descriptions came first, 6,174 px of
 * them, and the prices only behind the button; docs/product.md#services-prices-in-view). One
 * category is expanded at a time, or none (spec); the button works through
 * app/lib/page-enhancements.ts, and its name follows the state through CSS
 * (.when-expanded / .when-collapsed).
 */
export function ServiceCategoryCard({ category }: { category: MenuCategory }) {
  const locale = useLocale();
  const detailsId = `${category.slug}-details`;
  // On a Spanish page, a text the owner has not written in Spanish shows in English, marked so.
  const lang = (language: Locale | undefined) => langWithin(language, locale);
  const texts = category.localized;
  return (
    <li className="service" data-expanded="false">
      <h2 id={`${category.slug}-title`} lang={lang(texts?.name)}>
        {category.name}
      </h2>
      {category.summary ? (
        <p className="service__summary" lang={lang(texts?.summary)}>
          {category.summary}
        </p>
      ) : null}
      <h3 className="visually-hidden">
        {m.services_prices({ category: category.name }, { locale })}
      </h3>
      <ul className="price-list">
        {category.items.map((item) => (
          <li key={item.name}>
            <span className="price-list__name">
              {lang(item.localized?.name) ? (
                <span lang={lang(item.localized?.name)}>{item.name}</span>
              ) : (
                item.name
              )}
              {item.note ? <small lang={lang(item.localized?.note)}>{item.note}</small> : null}
            </span>
            <span className="price-list__meta">
              <span className="price-list__duration">
                {m.services_minutes({ minutes: item.durationMin }, { locale })}
              </span>
              <span className="price-list__price">{item.price}</span>
            </span>
            <BookLink serviceId={item.id} service={item.name} category={category.key} />
          </li>
        ))}
      </ul>
      {category.description ? (
        <>
          <div id={detailsId} className="service__details" hidden>
            <p lang={lang(texts?.description)}>{category.description}</p>
          </div>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-expanded="false"
            aria-controls={detailsId}
            data-disclosure="services"
          >
            <span className="when-collapsed">{m.services_show_more({}, { locale })}</span>
            <span className="when-expanded">{m.services_show_less({}, { locale })}</span>
            {/* Ten buttons say 'Show More': each names its category after the words. */}
            <span className="visually-hidden">
              {" "}
              {m.services_about({ category: category.name }, { locale })}
            </span>
          </button>
        </>
      ) : null}
    </li>
  );
}
