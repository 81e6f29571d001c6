import { data, type ShouldRevalidateFunction } from "react-router";
import { ScheduleAdminPage } from "~/components/schedule-admin/schedule-admin-page";
import {
  formatSlotLabel,
  isIsoDate,
  SALON_TIME_ZONE,
  salonDateOf,
} from "~/domain/booking/time-zone";
import { queryDate, queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { staffContext } from "~/lib/staff-only.server";
import { useLiveRefresh } from "~/lib/use-live-data";
import { dayCalendar, weekCalendar } from "~/services/appointments/staff-calendar.server";
import { feeRefundsOffered } from "~/services/payments/fee-refund.server";
import { noShowFeesOffered } from "~/services/payments/no-show-fee.server";
import {
  type DeskSecuring,
  deskSecuring,
  SECURING_LABELS,
} from "~/services/payments/secure-booking.server";
import { type QueryRead, readsQuery } from "~/services/platform/query.server";
import { listAppointmentTypesForStaff } from "~/services/salon/appointment-type-admin.server";
import { listTechnicians } from "~/services/salon/closed-days.server";
import type { Route } from "./+types/scheduleadmin";
import { scheduleAction } from "./scheduleadmin.server";
import { dayLabel, visitParts } from "./scheduleadmin-day.server";

// Staff only through its layout (app/routes/staff-layout.tsx).
export const handle = {
  page: "Schedule Admin",
  // Choosing a day and reloading after a change are the same page view as the first load.
  pageViews: { notWithQuery: ["date"] },
  hydrate: true,
  styles: [
    "forms",
    "slots",
    "dialog",
    "button-danger",
    "staff",
    "scheduleadmin",
    "calendar",
    "customers",
    // 'Add Appointment' takes a visit with online booking's own fields (components/booking).
    "booking",
    // The front desk's screen (issue 38): adjusts scheduleadmin and calendar, so after them.
    "desk",
  ],
} satisfies RouteHandle;

// The listed day lives in the address (?date=), so the list works without JavaScript and survives
// a reload. The 'Add Appointment' and 'Move' dialogs ask /scheduleadmin/times for free times
// (app/routes/scheduleadmin-times.ts), not this page.
/** What it reads of its address (docs/security.md#queries). */
const DayQuery = z.object({ date: queryDate(), technician: queryLine(100) });

export const loader = readsQuery(DayQuery, schedulePage);

async function schedulePage({ context }: Route.LoaderArgs, read: QueryRead<typeof DayQuery>) {
  const user = context.get(staffContext);
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const now = new Date();
  const today = salonDateOf(now, SALON_TIME_ZONE);
  const requested = read.data.date ?? "";
  const date = isIsoDate(requested) ? requested : today;
  // ?technician=<name>: her week around the date; otherwise the day, a column per technician.
  const technician = read.data.technician || null;
  const [shown, types, technicians] = await Promise.all([
    shownCalendar(context.db, date, technician, now),
    listAppointmentTypesForStaff(context.db),
    listTechnicians(context.db),
  ]);
  const visitOf = visitParts(shown.appointments);
  // 'Charge No-show Fee ($X)' on a protected visit marked 'No-show' (docs/payments.md#no-show-fee).
  const fees = await noShowFeesOffered(context.db, shown.appointments);
  // 'Refund No-show Fee' for the owner, once one was charged (docs/payments.md#refunding-a-fee).
  const refunds =
    user.role === "owner"
      ? await feeRefundsOffered(context.db, shown.appointments)
      : new Map<string, number>();
  // 'Not secured' or 'Protection waived' on a protected visit booked at the desk.
  const securing = await deskSecuring(context.db, shown.appointments, now);
  return {
    email: user.email,
    now: now.toISOString(),
    today,
    date,
    dateLabel: dayLabel(date),
    calendar: shown.calendar,
    appointments: shown.appointments.map((a) => ({
      id: a.id,
      name: a.name,
      email: a.email,
      typeId: a.typeId,
      typeName: a.typeName,
      category: a.category,
      phone: a.phone,
      phoneLabel: a.phoneLabel,
      startLabel: a.startLabel,
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt.toISOString(),
      endLabel: formatSlotLabel(a.endsAt, SALON_TIME_ZONE),
      dateIso: salonDateOf(a.startsAt, SALON_TIME_ZONE),
      dateLabel: dayLabel(salonDateOf(a.startsAt, SALON_TIME_ZONE)),
      technician: a.technician,
      visitStatus: a.visitStatus,
      pending: a.pending,
      payment: securingLabel(securing.get(a.visitId)) ?? a.payment,
      depositCents: a.depositCents,
      language: a.language,
      price: a.price,
      priceCents: a.priceCents,
      chargedCents: a.chargedCents,
      tipCents: a.tipCents,
      visit: visitOf(a),
      noShowFeeCents: fees.get(a.id) ?? null,
      feeRefundCents: refunds.get(a.id) ?? null,
      securable: securing.get(a.visitId) === "not-secured",
    })),
    types,
    technicians,
  };
}

const securingLabel = (state: DeskSecuring | undefined) => (state ? SECURING_LABELS[state] : null);

/** Her week when ?technician= names a technician; otherwise the day. */
async function shownCalendar(
  db: Route.LoaderArgs["context"]["db"],
  date: string,
  technician: string | null,
  now: Date,
) {
  const week = technician ? await weekCalendar(db, technician, date, now) : null;
  return week ?? dayCalendar(db, date, now);
}

// Every staff change on this page (app/routes/scheduleadmin.server.ts).
export const action = (args: Route.ActionArgs) => scheduleAction(args);

// The page reloads its data itself after a change (with ?date= in the address, so no page view
// is counted); nothing else needs a revalidation.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Schedule Admin");

export default function ScheduleAdmin({ loaderData }: Route.ComponentProps) {
  // Bookings, moves, cancellations and edits from anywhere show by themselves (the ?date= address
  // counts no page view).
  const week = loaderData.calendar.technician;
  const query = new URLSearchParams({ date: loaderData.date });
  if (week) query.set("technician", week);
  useLiveRefresh(`/scheduleadmin?${query}`, [
    "appointments",
    "appointment_types",
    "closed_days",
    "technicians",
  ]);
  return <ScheduleAdminPage {...loaderData} />;
}
