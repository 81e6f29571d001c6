import { PageViewsChart } from "~/components/page-views-chart";
import type { RouteHandle } from "~/lib/route-handle";
import { useLiveData } from "~/lib/use-live-data";
import { listContactEntries } from "~/services/contact.server";
import { countPageView, listPageViews } from "~/services/page-views.server";
import { staffContext } from "~/services/session.server";
import type { Route } from "./+types/dashboard";

// Staff only through its layout (app/routes/staff-layout.tsx).
export const handle = {
  page: "Dashboard",
  hydrate: true,
  styles: ["staff", "dashboard"],
} satisfies RouteHandle;

const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/Chicago",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  // ?live: the page keeping itself current (useLiveData), not a visit.
  if (!new URL(request.url).searchParams.has("live")) {
    await countPageView(context.db, request, handle.page);
  }
  const [pageViews, contactEntries] = await Promise.all([
    listPageViews(context.db),
    listContactEntries(context.db),
  ]);
  return {
    loadedAt: Date.now(),
    email: user.email,
    pageViews,
    contactEntries: contactEntries.map((entry) => ({
      ...entry,
      received: dateTime.format(entry.createdAt),
    })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  // A message, a booking or any change: the lists reload by themselves.
  const { email, pageViews, contactEntries } = useLiveData(loaderData, "/dashboard?live", [
    "contact_entries",
    "appointments",
  ]);
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
          <div className="staff-split">
            <PageViewsChart rows={pageViews} />
            <table className="data-table">
              <caption className="visually-hidden">Page views per page, most viewed first</caption>
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
          </div>
        )}
      </section>

      <section aria-labelledby="contact-entries-title" className="staff-section">
        <h2 id="contact-entries-title">Contact Entries</h2>
        {contactEntries.length === 0 ? (
          <p>No messages yet.</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">
                Messages from the contact form, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {contactEntries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      {entry.name}
                      <small className="data-table__sub">{entry.received}</small>
                    </td>
                    <td>
                      <a href={`mailto:${entry.email}`}>{entry.email}</a>
                    </td>
                    <td>{entry.reason}</td>
                    <td className="data-table__message">{entry.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
