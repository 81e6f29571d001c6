import { Link } from "react-router";
import type { ActivityPage } from "./accounts-types";

/** 'Activity': every staff action, who and when, newest first, a page at a time. */
export function ActivitySection({ entries, older, paged }: ActivityPage) {
  return (
    <section aria-labelledby="activity-title" className="staff-section">
      <h2 id="activity-title">Activity</h2>
      <p className="staff-section__intro">
        Every change made by staff, with who made it and when: bookings, moves and cancellations,
        services, the team, closed days, messages, accounts and sign-ins.
      </p>
      {entries.length === 0 ? (
        <p className="accounts-empty">Nothing recorded yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table activity-table">
            <caption className="visually-hidden">Staff activity, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="activity-table__when">
                    <time dateTime={entry.atIso}>{entry.at}</time>
                  </td>
                  <td>{entry.who}</td>
                  <td>{entry.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {older || paged ? (
        <p className="button-row activity-pages">
          {paged ? (
            <Link className="button button--ghost button--small" to="/accounts">
              Newest Activity
            </Link>
          ) : null}
          {older ? (
            <Link
              className="button button--ghost button--small"
              to={`/accounts?${new URLSearchParams({ after: older })}`}
            >
              Older Activity
            </Link>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
