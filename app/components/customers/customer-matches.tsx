import { Link } from "react-router";
import { customerKeyHref } from "~/domain/customer-key";
import { displayPhone } from "~/domain/phone-display";

/** A customer found, as /customers' loader hands it on. */
interface CustomerMatchView {
  /** An email, or "tel:" and a phone (domain/customer-key.ts). */
  key: string;
  email: string | null;
  name: string;
  phone: string | null;
  appointments: number;
  noShows: number;
  /** Their latest appointment's date, written out. */
  latest: string;
}

/** 'Customers found' of a search: each links to the customer's page (by email or by phone). */
export function CustomerMatches({
  matches,
  query,
}: {
  matches: CustomerMatchView[];
  query: string;
}) {
  if (matches.length === 0) return <p role="status">No customer matches "{query}".</p>;
  return (
    <ul className="customer-matches" aria-label="Customers found">
      {matches.map((match) => (
        <li key={match.key}>
          <Link to={customerKeyHref(match.key)}>{match.name}</Link>
          <span>
            {[match.email, match.phone ? displayPhone(match.phone) : null]
              .filter(Boolean)
              .join(" · ")}
          </span>
          <span className="customer-matches__meta">
            {`${match.appointments} ${match.appointments === 1 ? "appointment" : "appointments"}, latest ${match.latest}${match.noShows > 0 ? ` · ${match.noShows} no-show${match.noShows === 1 ? "" : "s"}` : ""}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
