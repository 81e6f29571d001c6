// What the schedule's three pages (/scheduleadmin, /scheduleadmin/team,
// /scheduleadmin/categories) share of their actions, and only that: the answer's shape (JSON,
// ScheduleAdminActionResult, which the page's forms show in place: a short status line, or an
// alert and field errors beside the form) and the staff's activity log. Each page's own changes
// are in its `<route>.server.ts` (issue 37: each POST's code has one home).
import { data } from "react-router";
import type {
  ScheduleAdminActionResult,
  ScheduleAdminIntent,
} from "~/components/schedule-admin/schedule-admin-types";
import { z } from "~/domain/zod";
import { staffContext } from "~/lib/staff-only.server";
import type { Database } from "~/services/db/client.server";
import type { StaffUser } from "~/services/db/schema.server";
import { parseForm, readForm } from "~/services/platform/form.server";
import { log } from "~/services/platform/logger.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/scheduleadmin";

/** A change made: what the page is told, and what the staff's activity log says of it. */
export interface Done {
  ok: true;
  id: string;
  /** For a booking or a move: its salon date, which the list then shows. */
  dateIso?: string;
  did: string;
  /** What the page says of it, short; the page's own sentence for the intent when not given. */
  said?: string;
  /** Emails were queued: the sender is woken once the change is committed. */
  emails?: true;
  /**
   * What follows once the change is committed, outside its transaction (a refund asked of
   * Stripe: no network wait inside one); its own writes and log entries are its own. It answers
   * a sentence the page adds to what it says, and never undoes the change.
   */
  after?: (db: Database) => Promise<string | undefined>;
}

export interface Refusal {
  ok: false;
  status: number;
  message: string;
  fieldErrors?: Record<string, string>;
}

export const invalid = (fieldErrors: Record<string, string>): Refusal => ({
  ok: false,
  status: 400,
  message: "Please check the marked fields.",
  fieldErrors,
});
export const refusal = (
  status: number,
  message: string,
  fieldErrors?: Record<string, string>,
): Refusal => ({ ok: false, status, message, ...(fieldErrors ? { fieldErrors } : {}) });

/** Who makes the change, and the site's address for the emails it queues. */
export interface ChangeBy {
  user: StaffUser;
  siteUrl: string;
}

/** One page's changes: the intents it takes, what it says of each, and how it makes them. */
export interface PageChanges<Intent extends ScheduleAdminIntent> {
  intents: readonly [Intent, ...Intent[]];
  /** What the page says of a change that names nothing more (docs/product.md#staff-screens). */
  said: Record<Intent, string>;
  perform: (db: Database, intent: Intent, form: FormData, by: ChangeBy) => Promise<Done | Refusal>;
  /**
   * The intents that ask Stripe before they write (the no-show fee): they run outside the page's
   * transaction and write their change with its log entry in a transaction of their own.
   */
  direct?: Partial<
    Record<Intent, (db: Database, form: FormData, by: ChangeBy) => Promise<Done | Refusal>>
  >;
}

type ActionArgs = Pick<Route.ActionArgs, "request" | "context">;

const answer = (result: ScheduleAdminActionResult, status = 200) => data(result, status);

/**
 * A page's action: its form's intent (one of another page's is refused as unreadable), the change
 * made with its record in the staff's activity log in one transaction (the services' own
 * transactions nest in it): no change without its record, no record without its change.
 */
export async function answerChange<Intent extends ScheduleAdminIntent>(
  { request, context }: ActionArgs,
  page: PageChanges<Intent>,
) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const read = form && parseForm(form, z.object({ intent: z.enum(page.intents) }));
  if (!form || !read?.ok) {
    return answer({ ok: false, intent: null, message: "The form could not be read." }, 400);
  }
  const known = read.data.intent as Intent;
  const by = { user, siteUrl: context.siteUrl };
  const direct = page.direct?.[known];
  try {
    const outcome = direct
      ? await direct(context.db, form, by)
      : await context.db.transaction(async (tx) => {
          const outcome = await page.perform(tx, known, form, by);
          if (outcome.ok) await recordStaffAction(tx, user, outcome.did);
          return outcome;
        });
    if (!outcome.ok) {
      // Spec section 8: a failure is logged; expected ones as a warning, without customer data.
      log.warn(
        { intent: known, status: outcome.status, fields: Object.keys(outcome.fieldErrors ?? {}) },
        `Schedule admin: ${outcome.message}`,
      );
      const { message, fieldErrors } = outcome;
      return answer(
        { ok: false, intent: known, message, ...(fieldErrors ? { fieldErrors } : {}) },
        outcome.status,
      );
    }
    if (outcome.emails) context.kickEmail();
    const { id, dateIso } = outcome;
    const more = outcome.after ? await followUp(outcome.after, context.db, known) : undefined;
    const message = [outcome.said ?? page.said[known], more].filter(Boolean).join(" ");
    return answer({ ok: true, intent: known, id, message, ...(dateIso ? { dateIso } : {}) });
  } catch (error) {
    log.error({ err: error, intent: known }, "Schedule admin action failed");
    return answer({ ok: false, intent: known, message: "Something went wrong." }, 500);
  }
}

/** A committed change's follow-up: its failure is logged and said, never a 500 for a done change. */
async function followUp(
  after: NonNullable<Done["after"]>,
  db: Database,
  intent: ScheduleAdminIntent,
): Promise<string | undefined> {
  try {
    return await after(db);
  } catch (error) {
    log.error({ err: error, intent }, "Schedule admin: a follow-up failed");
    return "Its follow-up failed: check the activity log.";
  }
}
