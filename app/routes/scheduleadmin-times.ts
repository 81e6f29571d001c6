import type { ShouldRevalidateFunction } from "react-router";
import {
  listStaffTimes,
  type StaffTimesAnswer,
  StaffTimesQuerySchema,
  staffTimesQueryOf,
} from "~/services/appointments/staff-times.server";
import { readsQuery } from "~/services/platform/query.server";
import type { Route } from "./+types/scheduleadmin-times";

/**
 * The free times of the staff's 'Add Appointment' and 'Move' dialogs, as JSON
 * (?date=&service=&technician=&moving=): a small answer of its own, so a change of day, service or
 * technician does not load the whole schedule admin page again. Staff only through its layout
 * (app/routes/staff-layout.tsx), whose middleware checks the session on every request.
 */
export const loader = readsQuery(
  StaffTimesQuerySchema,
  async ({ context }: Route.LoaderArgs, query) => {
    const read = staffTimesQueryOf(query);
    const answer: StaffTimesAnswer = read.ok
      ? await listStaffTimes(context.db, read.query)
      : { ok: false, error: read.error };
    return Response.json(answer, {
      status: answer.ok ? 200 : 400,
      headers: { "Cache-Control": "no-store" },
    });
  },
);

// As when the page's own loader listed them: a form's answer does not load the times again (the
// dialog asks again itself after a failed change: time-choice.tsx).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);
