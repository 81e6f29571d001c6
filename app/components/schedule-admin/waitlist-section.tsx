import type { WaitlistPlaceView } from "~/services/waitlist/waitlist.server";

/**
 * Who waits for a time on the listed day (docs/product.md#waitlist), in line order per search:
 * the front desk can call them when a time opens by phone. Read only: the waitlist worker emails
 * the offers.
 */
export function WaitlistSection({
  waitlist,
  dateLabel,
}: {
  waitlist: WaitlistPlaceView[];
  dateLabel: string;
}) {
  return (
    <section aria-labelledby="waitlist-title" className="staff-section">
      <h2 id="waitlist-title">Waitlist</h2>
      {waitlist.length === 0 ? (
        <p>Nobody is waiting for a time on {dateLabel}.</p>
      ) : (
        <ol className="waitlist-places" aria-label={`Waiting on ${dateLabel}`}>
          {waitlist.map((place) => (
            <li key={place.id} className="waitlist-place">
              <strong>{place.name}</strong> <a href={`mailto:${place.email}`}>{place.email}</a>
              <span>
                {place.service}, {place.times}
              </span>
              <span className="waitlist-place__state">{place.state}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
