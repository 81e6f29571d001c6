import { Link, useFetcher } from "react-router";
import type { DashboardActionResult, DashboardEntry } from "./dashboard-types";
import { useDashboardAction } from "./use-dashboard-action";

interface ContactEntriesSectionProps {
  entries: DashboardEntry[];
  page: number;
  pages: number;
  total: number;
  refresh(): void;
}

/**
 * Spec "Dashboard": the contact form's messages, newest first, 50 a page; each can be marked
 * handled (and reopened) or deleted for good (a privacy request).
 */
export function ContactEntriesSection({
  entries,
  page,
  pages,
  total,
  refresh,
}: ContactEntriesSectionProps) {
  return (
    <section aria-labelledby="contact-entries-title" className="staff-section">
      <h2 id="contact-entries-title">Contact Entries</h2>
      {entries.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="data-table contact-table">
              <caption className="visually-hidden">
                Messages from the contact form, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Message</th>
                  <th scope="col">
                    <span className="visually-hidden">Handled</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} refresh={refresh} />
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav className="pager" aria-label="Contact entries pages">
              {page > 1 ? <Link to={`?page=${page - 1}`}>Newer messages</Link> : <span />}
              <span>
                Page {page} of {pages} ({total} messages)
              </span>
              {page < pages ? <Link to={`?page=${page + 1}`}>Older messages</Link> : <span />}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

function EntryRow({ entry, refresh }: { entry: DashboardEntry; refresh(): void }) {
  const fetcher = useFetcher<DashboardActionResult>();
  const started = useDashboardAction(fetcher, refresh);
  const whose = ` ${entry.name}'s message`;
  return (
    <tr className={entry.handled ? "contact--handled" : undefined}>
      <td>
        {entry.name}
        <small className="data-table__sub">{entry.received}</small>
      </td>
      <td>
        <a href={`mailto:${entry.email}`}>{entry.email}</a>
      </td>
      <td>{entry.reason}</td>
      <td className="data-table__message">{entry.message}</td>
      <td className="contact-table__actions">
        {entry.handled ? <small className="data-table__sub">{entry.handled}</small> : null}
        <fetcher.Form method="post" onSubmit={started} className="row-actions">
          <input type="hidden" name="id" value={entry.id} />
          <button
            type="submit"
            name="intent"
            value={entry.handled ? "reopen" : "handle"}
            className="button button--ghost button--small"
          >
            {entry.handled ? "Reopen" : "Mark Handled"}
            <span className="visually-hidden">{whose}</span>
          </button>
          <button
            type="submit"
            name="intent"
            value="delete"
            className="button button--ghost button--small"
          >
            Delete
            <span className="visually-hidden">{whose}</span>
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}
