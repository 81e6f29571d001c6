import { Form, Link } from "react-router";
import { addDaysIso } from "~/domain/booking/time-zone";
import type { WaitlistPageData } from "./schedule-admin-types";

/**
 * Who waits for a time on a day (docs/product.md#waitlist), in line order per search: the front
 * desk can call them when a time opens by phone. Read only: the waitlist worker emails the
 * offers. The day is in the address (?date=), so it works without JavaScript.
 */
export function WaitlistSection({ waitlist, date, dateLabel }: WaitlistPageData) {
  const day = (iso: string) => `/scheduleadmin/waitlist?${new URLSearchParams({ date: iso })}`;
  return (
    <section aria-labelledby="waitlist-title" className="staff-section">
      <Form method="get" className="day-picker">
        <div className="field">
          <label htmlFor="waitlist-date">Date</label>
          <input
            key={date}
            id="waitlist-date"
            name="date"
            type="date"
            defaultValue={date}
            required
          />
        </div>
        <button type="submit" className="button">
          Show Waitlist
        </button>
      </Form>
      <div className="section-head">
        <h2 id="waitlist-title">Waiting on {dateLabel}</h2>
        <div className="button-row">
          <Link className="button button--ghost button--small" to={day(addDaysIso(date, -1))}>
            Previous day
          </Link>
          <Link className="button button--ghost button--small" to={day(addDaysIso(date, 1))}>
            Next day
          </Link>
        </div>
      </div>
      {waitlist.length === 0 ? (
        <p className="day-empty">Nobody is waiting for a time on {dateLabel}.</p>
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
