import { data } from "react-router";
import { SchedulePageHeader } from "~/components/schedule-admin/schedule-page-header";
import { WaitlistSection } from "~/components/schedule-admin/waitlist-section";
import { isIsoDate, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { queryDate } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useLiveRefresh } from "~/lib/use-live-data";
import { readsQuery } from "~/services/platform/query.server";
import { listWaitlistOn } from "~/services/waitlist/waitlist.server";
import type { Route } from "./+types/scheduleadmin-waitlist";
import { dayLabel } from "./scheduleadmin-day.server";

// The waitlist of a day (docs/product.md#waitlist), a page of the schedule of its own; the day in
// the address (?date=). Staff only through its layout (app/routes/staff-layout.tsx).
export const handle = {
  hydrate: true,
  styles: ["forms", "staff", "scheduleadmin"],
} satisfies RouteHandle;

/** What it reads of its address (docs/security.md#queries). */
const DayQuery = z.object({ date: queryDate() });

export const loader = readsQuery(DayQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const today = salonDateOf(new Date(), SALON_TIME_ZONE);
  const requested = read.data.date ?? "";
  const date = isIsoDate(requested) ? requested : today;
  return {
    today,
    date,
    dateLabel: dayLabel(date),
    waitlist: await listWaitlistOn(context.db, date),
  };
});

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Waitlist");

export default function ScheduleWaitlist({ loaderData }: Route.ComponentProps) {
  // A booking (an offer taken, a time freed) changes who waits and what they were offered.
  useLiveRefresh(`/scheduleadmin/waitlist?${new URLSearchParams({ date: loaderData.date })}`, [
    "appointments",
  ]);
  return (
    <div className="page staff-page">
      <SchedulePageHeader title="Waitlist" date={loaderData.date}>
        Who waits for a time, day by day, in line order: call them when a time opens.
      </SchedulePageHeader>
      <WaitlistSection {...loaderData} />
    </div>
  );
}
