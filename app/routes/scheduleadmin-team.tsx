import type { ShouldRevalidateFunction } from "react-router";
import { ClosedDaysSection } from "~/components/schedule-admin/closed-days-section";
import { SchedulePageHeader } from "~/components/schedule-admin/schedule-page-header";
import { TeamSection } from "~/components/schedule-admin/team-section";
import { formatSlotLabel, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useLiveRefresh } from "~/lib/use-live-data";
import { listClosedDays, listTechnicians } from "~/services/salon/closed-days.server";
import { listTeam } from "~/services/salon/team.server";
import type { Route } from "./+types/scheduleadmin-team";
import { dayLabel } from "./scheduleadmin-day.server";
import { teamPageAction } from "./scheduleadmin-team.server";

// 'Team' and the technicians' days off (docs/product.md#team), a page of the schedule of its own.
// Staff only through its layout (app/routes/staff-layout.tsx).
export const handle = {
  hydrate: true,
  styles: ["forms", "dialog", "staff", "scheduleadmin"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  const today = salonDateOf(now, SALON_TIME_ZONE);
  const [team, closedDays, technicians] = await Promise.all([
    listTeam(context.db, now),
    listClosedDays(context.db, today),
    listTechnicians(context.db),
  ]);
  return {
    today,
    team,
    technicians,
    closedDays: closedDays.map((day) => ({
      id: day.id,
      dateIso: day.dateIso,
      dateLabel: dayLabel(day.dateIso),
      technician: day.technician,
      note: day.note,
      affected: day.affected.map((a) => ({
        id: a.id,
        name: a.name,
        email: a.email,
        phone: a.phone,
        typeName: a.typeName,
        technician: a.technician,
        startLabel: formatSlotLabel(a.startsAt, SALON_TIME_ZONE),
      })),
    })),
  };
}

// The team's and the days off's changes (app/routes/scheduleadmin-team.server.ts).
export const action = (args: Route.ActionArgs) => teamPageAction(args);

// The forms load the page's data again themselves once answered (use-action-feedback.ts).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Team");

export default function ScheduleTeam({ loaderData }: Route.ComponentProps) {
  // Bookings and changes from anywhere show by themselves (the appointments outside her hours).
  useLiveRefresh("/scheduleadmin/team", [
    "appointments",
    "appointment_types",
    "closed_days",
    "technicians",
  ]);
  return (
    <div className="page staff-page">
      <SchedulePageHeader title="Team">
        Who works when, what each technician performs, and their days off.
      </SchedulePageHeader>
      <TeamSection team={loaderData.team} />
      <ClosedDaysSection
        closedDays={loaderData.closedDays}
        technicians={loaderData.technicians}
        today={loaderData.today}
      />
    </div>
  );
}
