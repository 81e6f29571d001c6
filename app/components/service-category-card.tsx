import type { ServiceCategory } from "~/content/services";

interface Props {
  category: ServiceCategory;
  expanded: boolean;
  onToggle(): void;
}

/** One category of the menu: description, and its price list behind Show More. */
export function ServiceCategoryCard({ category, expanded, onToggle }: Props) {
  const detailsId = `${category.id}-details`;
  return (
    <li className="service" data-expanded={expanded}>
      <h2 id={`${category.id}-title`}>{category.name}</h2>
      <p className="service__summary">{category.summary}</p>
      <p>{category.description}</p>
      <div id={detailsId} className="service__details" hidden={!expanded}>
        <h3 className="visually-hidden">{category.name} prices</h3>
        <ul className="price-list">
          {category.details.map((item) => (
            <li key={item.name}>
              <span className="price-list__name">
                {item.name}
                {item.note ? <small>{item.note}</small> : null}
              </span>
              <span className="price-list__meta">
                <span className="price-list__duration">{item.durationMin} min</span>
                <span className="price-list__price">{item.price}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={onToggle}
      >
        {expanded ? "Show Less" : "Show More"}
      </button>
    </li>
  );
}
