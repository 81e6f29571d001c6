import { data, type ShouldRevalidateFunction } from "react-router";
import { ScheduleAdminPage } from "~/components/schedule-admin/schedule-admin-page";
import {
  SCHEDULE_ADMIN_INTENTS,
  type ScheduleAdminActionResult,
  type ScheduleAdminIntent,
} from "~/components/schedule-admin/schedule-admin-types";
import { business } from "~/content/business";
import {
  formatDateString,
  formatSlotLabel,
  isIsoDate,
  salonDateOf,
  zonedDateTime,
} from "~/domain/booking/time-zone";
import type { RouteHandle } from "~/lib/route-handle";
import { useLiveRefresh } from "~/lib/use-live-data";
import {
  createAppointmentType,
  duplicateAppointmentType,
  listAppointmentTypesForStaff,
  readAppointmentTypeForm,
  removeAppointmentType,
  type TypeMutationResult,
  updateAppointmentType,
} from "~/services/appointment-types.server";
import { bookingInputFromForm } from "~/services/booking-action.server";
import { bookAppointment } from "~/services/bookings/booking.server";
import { listSlots } from "~/services/bookings/slot-listing.server";
import {
  addClosedDay,
  listClosedDays,
  listWorkers,
  removeClosedDay,
} from "~/services/closed-days.server";
import { formFields, readForm } from "~/services/form.server";
import { log } from "~/services/logger.server";
import { listServiceCategories, updateServiceCategory } from "~/services/menu.server";
import { countPageView } from "~/services/page-views.server";
import { staffContext } from "~/services/session.server";
import {
  editAppointmentCustomer,
  markVisit,
  moveAppointmentByStaff,
} from "~/services/staff-appointments.server";
import { cancelAppointment, listAppointmentsOn } from "~/services/staff-schedule.server";
import { listTeam, teamAction } from "~/services/team.server";
import type { Route } from "./+types/scheduleadmin";

// Staff only through its layout (app/routes/staff-layout.tsx).
export const handle = {
  page: "Schedule Admin",
  hydrate: true,
  styles: ["forms", "slots", "dialog", "button-danger", "staff", "scheduleadmin", "customers"],
} satisfies RouteHandle;

// The listed day lives in the address (?date=), so the list works without JavaScript and survives
// a reload. The 'Add Appointment' dialog asks for free times with ?bookDate=&service=&worker=.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const url = new URL(request.url);
  // Choosing a day, looking up times and reloading after a change are the same visit: only the
  // page's first load counts (docs/product.md#page-views-counted-atomically).
  if (!url.searchParams.has("date")) await countPageView(context.db, request, handle.page);
  const now = new Date();
  const today = salonDateOf(now, business.timeZone);
  const requested = url.searchParams.get("date") ?? "";
  const date = isIsoDate(requested) ? requested : today;
  const [appointments, types, categories, closedDays, workers, team] = await Promise.all([
    listAppointmentsOn(context.db, date),
    listAppointmentTypesForStaff(context.db),
    listServiceCategories(context.db),
    listClosedDays(context.db, today),
    listWorkers(context.db),
    listTeam(context.db, now),
  ]);
  return {
    email: user.email,
    now: now.toISOString(),
    today,
    date,
    dateLabel: dayLabel(date),
    appointments: appointments.map((a) => ({
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
      dateIso: date,
      worker: a.worker,
      visitStatus: a.visitStatus,
    })),
    types,
    categories,
    closedDays: closedDays.map((day) => ({
      id: day.id,
      dateIso: day.dateIso,
      dateLabel: dayLabel(day.dateIso),
      worker: day.worker,
      note: day.note,
      affected: day.affected.map((a) => ({
        id: a.id,
        name: a.name,
        email: a.email,
        phone: a.phone,
        typeName: a.typeName,
        worker: a.worker,
        startLabel: formatSlotLabel(a.startsAt, business.timeZone),
      })),
    })),
    workers,
    team,
    slots: await freeTimes(context.db, url.searchParams),
  };
}

/** "Thursday, November 26 2026" for a salon date. */
const dayLabel = (dateIso: string) =>
  formatDateString(zonedDateTime(dateIso, "12:00", business.timeZone), business.timeZone);

async function freeTimes(db: Route.LoaderArgs["context"]["db"], params: URLSearchParams) {
  const dateIso = params.get("bookDate") ?? "";
  const typeId = params.get("service") ?? "";
  const worker = params.get("worker") || "any";
  // Moving an appointment: its own time is free to it.
  const excludeId = params.get("moving") || undefined;
  if (!dateIso || !typeId) return null;
  const result = await listSlots(db, { dateIso, typeId, worker, excludeId });
  return {
    key: `${dateIso}|${typeId}|${worker}`,
    slots: result.ok ? result.slots.map((s) => ({ label: s.label, startsAt: s.startsAt })) : null,
    error: result.ok ? null : result.error,
  };
}

const answer = (result: ScheduleAdminActionResult, status = 200) => data(result, status);

function refused(
  intent: ScheduleAdminIntent,
  status: number,
  message: string,
  fieldErrors?: Record<string, string>,
) {
  // Spec section 8: a failure is logged; expected ones as a warning, without customer data.
  log.warn(
    { intent, status, fields: Object.keys(fieldErrors ?? {}) },
    `Schedule admin: ${message}`,
  );
  return answer({ ok: false, intent, message, ...(fieldErrors ? { fieldErrors } : {}) }, status);
}

function typeAnswer(intent: ScheduleAdminIntent, result: TypeMutationResult) {
  if (result.ok) return answer({ ok: true, intent, id: result.type.id });
  if (result.kind === "invalid") {
    return refused(intent, 400, "Please check the marked fields.", result.fieldErrors);
  }
  return refused(intent, 404, "That appointment type no longer exists.");
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const intent = form?.get("intent");
  if (!form || !SCHEDULE_ADMIN_INTENTS.includes(intent as ScheduleAdminIntent)) {
    return answer({ ok: false, intent: null, message: "The form could not be read." }, 400);
  }
  const known = intent as ScheduleAdminIntent;
  const { db } = context;
  const fields = formFields(form);
  try {
    switch (known) {
      case "create":
        return typeAnswer(known, await createAppointmentType(db, readAppointmentTypeForm(form)));
      case "update":
        return typeAnswer(
          known,
          await updateAppointmentType(db, fields.id, readAppointmentTypeForm(form)),
        );
      case "duplicate":
        return typeAnswer(known, await duplicateAppointmentType(db, fields.id));
      case "remove": {
        const result = await removeAppointmentType(db, fields.id);
        if (result.ok) return answer({ ok: true, intent: known, id: result.id });
        return refused(known, 404, "That appointment type no longer exists.");
      }
      case "cancel": {
        const result = await cancelAppointment(db, fields.id, { cancelledBy: user.email });
        if (result.ok) {
          context.kickEmail();
          return answer({ ok: true, intent: known, id: result.appointment.id });
        }
        return result.kind === "not-found"
          ? refused(known, 404, "That appointment no longer exists.")
          : refused(known, 409, "That appointment was already cancelled or has started.");
      }
      case "close-day": {
        const today = salonDateOf(new Date(), business.timeZone);
        const result = await addClosedDay(
          db,
          { date: fields.date, worker: fields.worker, note: fields.note },
          { today, workers: await listWorkers(db) },
        );
        if (result.ok) return answer({ ok: true, intent: known, id: result.day.id });
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        return refused(known, 409, "That day is already closed.", {
          date: "That day is already closed.",
        });
      }
      case "move": {
        const result = await moveAppointmentByStaff(db, fields.id, fields);
        if (result.ok) {
          context.kickEmail();
          const dateIso = salonDateOf(result.appointment.startsAt, business.timeZone);
          return answer({ ok: true, intent: known, id: result.appointment.id, dateIso });
        }
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        if (result.kind === "not-found") {
          return refused(known, 404, "That appointment is no longer booked.");
        }
        return refused(known, 409, `That time is not available (${result.reason}).`);
      }
      case "edit-customer": {
        const result = await editAppointmentCustomer(db, fields.id, fields);
        if (result.ok) return answer({ ok: true, intent: known, id: String(fields.id) });
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        return refused(known, 404, "That appointment no longer exists.");
      }
      case "visit": {
        const result = await markVisit(db, fields.id, fields.status);
        if (result.ok) return answer({ ok: true, intent: known, id: String(fields.id) });
        return refused(known, result.kind === "invalid" ? 400 : 404, "That could not be marked.");
      }
      case "update-category": {
        const result = await updateServiceCategory(db, fields.id, fields);
        if (result.ok) return answer({ ok: true, intent: known, id: String(fields.id) });
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        return refused(known, 404, "That category no longer exists.");
      }
      case "open-day": {
        if (await removeClosedDay(db, fields.id)) {
          return answer({ ok: true, intent: known, id: String(fields.id) });
        }
        return refused(known, 404, "That closed day no longer exists.");
      }
      case "add-technician":
      case "update-technician":
      case "deactivate-technician":
      case "reactivate-technician": {
        const result = await teamAction(db, known, form);
        if (result.ok) return answer({ ok: true, intent: known, id: result.id });
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        if (result.kind === "conflict") return refused(known, 409, result.message);
        return refused(known, 404, "That technician no longer exists.");
      }
      case "book": {
        // A customer who phoned: the same rules, the same constraint as online booking.
        const result = await bookAppointment(db, bookingInputFromForm(form), {
          siteUrl: context.siteUrl,
        });
        if (result.ok) {
          context.kickEmail();
          const { id, startsAt } = result.appointment;
          const dateIso = salonDateOf(startsAt, business.timeZone);
          return answer({ ok: true, intent: known, id, dateIso });
        }
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        // Staff book without the customer limit (not `online`): only the time can refuse.
        const why = result.kind === "unavailable" ? result.reason : result.kind;
        return refused(known, 409, `That time is not available (${why}).`);
      }
    }
  } catch (error) {
    log.error({ err: error, intent: known }, "Schedule admin action failed");
    return answer({ ok: false, intent: known, message: "Something went wrong." }, 500);
  }
}

// The page reloads its data itself after a change (with ?date= in the address, so no page view
// is counted), and asks for free times with a fetcher; nothing else needs a revalidation.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export const meta: Route.MetaFunction = () => [
  { title: "Schedule Admin | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

export default function ScheduleAdmin({ loaderData }: Route.ComponentProps) {
  // Bookings, moves, cancellations and edits from anywhere show by themselves (the ?date= address
  // counts no page view).
  useLiveRefresh(`/scheduleadmin?date=${loaderData.date}`, [
    "appointments",
    "appointment_types",
    "service_categories",
    "closed_days",
    "technicians",
  ]);
  return <ScheduleAdminPage {...loaderData} />;
}
