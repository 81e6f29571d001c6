import { useFetcher } from "react-router";
import type { DashboardActionResult, DashboardEmail } from "./dashboard-types";
import { useDashboardAction } from "./use-dashboard-action";

interface OutboxSectionProps {
  emails: DashboardEmail[];
  /** SMTP_URL is set: email can leave. */
  emailConfigured: boolean;
  refresh(): void;
}

/**
 * 'Outbox': the emails not delivered yet, with why, and 'Retry Now'. Without SMTP the dashboard
 * says so plainly: nothing leaves until it is set, and nothing is lost meanwhile.
 */
export function OutboxSection({ emails, emailConfigured, refresh }: OutboxSectionProps) {
  return (
    <section aria-labelledby="outbox-title" className="staff-section">
      <h2 id="outbox-title">Outbox</h2>
      {emailConfigured ? null : (
        <p className="notice" role="status">
          Email is not set up: no email leaves the salon until SMTP_URL is configured. Confirmations
          and notices wait here and go out once it is.
        </p>
      )}
      {emails.length === 0 ? (
        <p>Every email has been delivered.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Emails not delivered yet, newest first</caption>
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Retry</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {emails.map((email) => (
                <EmailRow key={email.id} email={email} refresh={refresh} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function EmailRow({ email, refresh }: { email: DashboardEmail; refresh(): void }) {
  const fetcher = useFetcher<DashboardActionResult>();
  const started = useDashboardAction(fetcher, refresh);
  return (
    <tr>
      <td>{email.toAddress}</td>
      <td>
        {email.subject}
        <small className="data-table__sub">Queued {email.queued}</small>
      </td>
      <td>
        {email.state}
        {email.lastError ? <small className="data-table__sub">{email.lastError}</small> : null}
      </td>
      <td>
        {email.status === "sending" ? null : (
          <fetcher.Form method="post" onSubmit={started}>
            <input type="hidden" name="id" value={email.id} />
            <button
              type="submit"
              name="intent"
              value="retry-email"
              className="button button--ghost button--small"
            >
              Retry Now
              <span className="visually-hidden">{` the email to ${email.toAddress}`}</span>
            </button>
          </fetcher.Form>
        )}
      </td>
    </tr>
  );
}
