import type { MenuCategory } from "~/services/salon/menu.server";

/** 'Book': /schedule with this service chosen (its category follows), the date still to pick. */
export function BookLink({ serviceId, category }: { serviceId: string; category: string }) {
  const query = new URLSearchParams({ category, service: serviceId });
  return (
    <a className="button button--small book-link" href={`/schedule?${query}`}>
      Book
    </a>
  );
}

/**
 * One category of the menu: description, and its price list behind Show More. One category is
 * expanded at a time, or none (spec); the button works through app/lib/page-enhancements.ts, and
 * its name follows the state through CSS (.when-expanded / .when-collapsed).
 */
export function ServiceCategoryCard({ category }: { category: MenuCategory }) {
  const detailsId = `${category.slug}-details`;
  return (
    <li className="service" data-expanded="false">
      <h2 id={`${category.slug}-title`}>{category.name}</h2>
      {category.summary ? <p className="service__summary">{category.summary}</p> : null}
      {category.description ? <p>{category.description}</p> : null}
      <div id={detailsId} className="service__details" hidden>
        <h3 className="visually-hidden">{category.name} prices</h3>
        <ul className="price-list">
          {category.items.map((item) => (
            <li key={item.name}>
              <span className="price-list__name">
                {item.name}
                {item.note ? <small>{item.note}</small> : null}
              </span>
              <span className="price-list__meta">
                <span className="price-list__duration">{item.durationMin} min</span>
                <span className="price-list__price">{item.price}</span>
              </span>
              <BookLink serviceId={item.id} category={category.name} />
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-expanded="false"
        aria-controls={detailsId}
        data-disclosure="services"
      >
        <span className="when-collapsed">Show More</span>
        <span className="when-expanded">Show Less</span>
      </button>
    </li>
  );
}
