import { data, type ShouldRevalidateFunction } from "react-router";
import { BackupsSection } from "~/components/dashboard/backups-section";
import { ContactEntriesSection } from "~/components/dashboard/contact-entries-section";
import {
  DASHBOARD_INTENTS,
  type DashboardActionResult,
  type DashboardBackups,
  type DashboardEmail,
  type DashboardIntent,
} from "~/components/dashboard/dashboard-types";
import { OutboxSection } from "~/components/dashboard/outbox-section";
import { PasswordSection } from "~/components/dashboard/password-section";
import { PageViewsChart } from "~/components/page-views-chart";
import { SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { queryFlag, queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { privatePageMeta } from "~/lib/meta";
import { retryAfter } from "~/lib/retry-after";
import type { RouteHandle } from "~/lib/route-handle";
import { readSessionId } from "~/lib/staff-cookie.server";
import { staffContext } from "~/lib/staff-only.server";
import { useLiveRefresh } from "~/lib/use-live-data";
import {
  deleteContactEntry,
  listContactEntriesPage,
  markContactHandled,
} from "~/services/contact/contact.server";
import type { Database } from "~/services/db/client.server";
import { readBackupRuns } from "~/services/db/scheduled-backups.server";
import type { StaffUser } from "~/services/db/schema.server";
import { listUndeliveredEmails, retryEmailNow } from "~/services/email/outbox.server";
import { backupDir, emailConfigured } from "~/services/platform/env.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { readsQuery } from "~/services/platform/query.server";
import { listPageViews } from "~/services/site/page-views.server";
import { changeOwnPassword, ROLE_LABELS } from "~/services/staff/accounts.server";
import { TOO_MANY_SIGN_INS } from "~/services/staff/sign-in-limits.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/dashboard";

// Staff only through its layout (app/routes/staff-layout.tsx).
export const handle = {
  page: "Dashboard",
  // ?live: the page keeping itself current (useLiveRefresh); ?page=: turning a page. Not page views.
  pageViews: { notWithQuery: ["live", "page"] },
  hydrate: true,
  styles: ["forms", "staff", "dashboard"],
} satisfies RouteHandle;

const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: SALON_TIME_ZONE,
});

/** What it reads of its address (docs/security.md#queries). */
const DashboardQuery = z.object({ live: queryFlag, page: queryLine(20) });

export const loader = readsQuery(DashboardQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const user = context.get(staffContext);
  const [pageViews, contact, emails, backupRuns] = await Promise.all([
    listPageViews(context.db),
    listContactEntriesPage(context.db, Number(read.data.page ?? 1)),
    listUndeliveredEmails(context.db),
    readBackupRuns(context.db),
  ]);
  const { latest, lastWritten } = backupRuns;
  const backups: DashboardBackups = {
    on: backupDir() !== undefined,
    lastWritten:
      lastWritten?.file && lastWritten.finishedAt
        ? {
            at: dateTime.format(lastWritten.finishedAt),
            size: formatBytes(lastWritten.bytes ?? 0),
            file: lastWritten.file,
          }
        : null,
    failed:
      latest?.error && latest.finishedAt
        ? { at: dateTime.format(latest.finishedAt), error: latest.error }
        : null,
    running: latest && !latest.finishedAt ? dateTime.format(latest.startedAt) : null,
  };
  return {
    email: user.email,
    role: ROLE_LABELS[user.role],
    pageViews,
    contact: {
      page: contact.page,
      pages: contact.pages,
      total: contact.total,
      entries: contact.entries.map((entry) => ({
        id: entry.id,
        name: entry.name,
        email: entry.email,
        reason: entry.reason,
        message: entry.message,
        received: dateTime.format(entry.createdAt),
        handled: entry.handledAt
          ? `Handled by ${entry.handledBy ?? "staff"}, ${dateTime.format(entry.handledAt)}`
          : null,
      })),
    },
    emailConfigured: emailConfigured(),
    backups,
    outbox: emails.map(
      (email): DashboardEmail => ({
        id: email.id,
        toAddress: email.toAddress,
        subject: email.subject,
        status: email.status === "sent" ? "pending" : email.status,
        state:
          email.status === "failed"
            ? `Gave up after ${email.attempts} tries`
            : email.status === "sending"
              ? "Being sent"
              : email.attempts === 0
                ? "Waiting to be sent"
                : `Waiting, next try ${dateTime.format(email.nextAttemptAt)} (${email.attempts} ${email.attempts === 1 ? "try" : "tries"})`,
        lastError: email.lastError,
        queued: dateTime.format(email.createdAt),
      }),
    ),
  };
});

/** "840 KB", "1.2 MB". */
function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const answer = (result: DashboardActionResult, status = 200) => data(result, status);

/** The dashboard's forms: an entry's or an email's id, or the password change. */
const DashboardForm = textFields("id", "currentPassword", "newPassword").extend({
  intent: z.enum(DASHBOARD_INTENTS),
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const read = form && parseForm(form, DashboardForm);
  if (!read?.ok) return answer({ ok: false, message: "The form could not be read." }, 400);
  const { intent, ...fields } = read.data;
  if (intent === "change-password") {
    const cookie = request.headers.get("Cookie");
    const session = { id: readSessionId(cookie), clientAddress: context.clientAddress };
    const result = await changeOwnPassword(context.db, user, session, fields);
    if (result.ok) return answer({ ok: true });
    if (result.kind === "limited") {
      return data({ ok: false, message: TOO_MANY_SIGN_INS } satisfies DashboardActionResult, {
        status: 429,
        headers: { "Retry-After": retryAfter(result.retryAfterMs) },
      });
    }
    if (result.kind === "invalid") {
      const { fieldErrors } = result;
      return answer({ ok: false, message: "Please check the marked fields.", fieldErrors }, 400);
    }
    return answer({ ok: false, message: "Your account no longer exists." }, 404);
  }
  const { id } = fields;
  // The change and its record in the staff's activity log, in one transaction.
  const done = await context.db.transaction(async (tx) => {
    const done = await perform(tx, intent, id, user);
    if ("did" in done) await recordStaffAction(tx, user, done.did);
    return done;
  });
  if ("missing" in done) return answer({ ok: false, message: done.missing }, 404);
  if (intent === "retry-email") context.kickEmail();
  return answer({ ok: true });
}

/** One dashboard change: what the activity log says of it, or why nothing changed. */
type ContactOrEmailIntent = Exclude<DashboardIntent, "change-password">;

async function perform(
  db: Database,
  intent: ContactOrEmailIntent,
  id: string | undefined,
  user: StaffUser,
): Promise<{ did: string } | { missing: string }> {
  const gone = "That message no longer exists.";
  switch (intent) {
    case "handle": {
      const entry = await markContactHandled(db, id, { by: user.email });
      return entry ? { did: `Marked ${entry.name}'s message handled` } : { missing: gone };
    }
    case "reopen": {
      const entry = await markContactHandled(db, id, false);
      return entry ? { did: `Reopened ${entry.name}'s message` } : { missing: gone };
    }
    case "delete": {
      const entry = await deleteContactEntry(db, id);
      return entry ? { did: `Deleted ${entry.name}'s message` } : { missing: gone };
    }
    case "retry-email": {
      const email = await retryEmailNow(db, id);
      return email
        ? { did: `Sent an email to ${email.toAddress} again` }
        : { missing: "That email was sent meanwhile." };
    }
  }
}

// After an action the page loads its data itself, without counting a page view (useLiveRefresh).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  // A message, a booking or any change: the lists reload by themselves (on the page shown).
  const refresh = useLiveRefresh(`/dashboard?live&page=${loaderData.contact.page}`, [
    "contact_entries",
    "appointments",
  ]);
  const { email, pageViews, contact } = loaderData;
  return (
    <div className="page staff-page">
      <header className="page-header">
        <p className="eyebrow">Staff</p>
        <h1>Dashboard</h1>
        <p className="lead">Signed in as {email}.</p>
      </header>

      <section aria-labelledby="page-views-title" className="staff-section">
        <h2 id="page-views-title">Page Views</h2>
        {pageViews.length === 0 ? (
          <p>No visits counted yet.</p>
        ) : (
          // One presentation (issue 30): the chart shows the numbers; its table, in the same
          // figure, gives them to screen readers without showing them twice.
          <figure className="page-views">
            <PageViewsChart rows={pageViews} />
            <table className="visually-hidden">
              <caption>Page views per page, most viewed first</caption>
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">Views</th>
                </tr>
              </thead>
              <tbody>
                {pageViews.map((row) => (
                  <tr key={row.pageName}>
                    <th scope="row">{row.pageName}</th>
                    <td>{row.views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        )}
      </section>

      <ContactEntriesSection {...contact} refresh={refresh} />
      <OutboxSection
        emails={loaderData.outbox}
        emailConfigured={loaderData.emailConfigured}
        refresh={refresh}
      />
      <BackupsSection {...loaderData.backups} />
      <PasswordSection email={email} role={loaderData.role} />
    </div>
  );
}
