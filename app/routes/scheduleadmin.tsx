import { countPageView } from "~/server/page-views.server";
import { requireStaff } from "~/server/session.server";
import type { Route } from "./+types/scheduleadmin";

export const handle = { staff: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  await countPageView(context.db, request, "Schedule Admin");
  return { email: user.email };
}

export const meta: Route.MetaFunction = () => [
  { title: "Schedule Admin | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

// The day's appointments and the appointment types arrive with the schedule-admin issue.
export default function ScheduleAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page staff-page">
      <header className="page-header">
        <p className="eyebrow">Staff</p>
        <h1>Schedule</h1>
        <p className="lead">Signed in as {loaderData.email}. Appointments will be listed here.</p>
      </header>
    </div>
  );
}
