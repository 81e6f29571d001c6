import { data } from "react-router";
import type { ManageActionResult } from "~/components/manage/manage-types";
import type { Locale } from "~/domain/i18n/locale";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { z } from "~/domain/zod";
import { EMAILED_LINK_HEADERS } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { moveByCustomer } from "~/services/appointments/move.server";
import { bookingDateString } from "~/services/booking/booked-appointment.server";
import { cutoffText, hoursText } from "~/services/booking/visit-lines.server";
import { cancelThroughLink, protectedCutoff } from "~/services/payments/customer-cancel.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import type { Route } from "./+types/manage";

// /manage's 'Cancel' and 'Move' (app/routes/manage.tsx): the answer, in the page's language
// (/es/manage answers in Spanish, docs/product.md#languages). Changes are rate limited per client
// address, so tokens cannot be guessed by trying (256 random bits make that hopeless anyway).
const CHANGE_LIMIT = RATE_LIMITS.manageChange;

const answer = (result: ManageActionResult, status = 200) =>
  data(result, { status, headers: EMAILED_LINK_HEADERS });

/**
 * 'Cancel' and 'Move': the move's fields under moveByCustomer's names, which checks them; `terms`:
 * the late cancellation's terms the page said, accepted with 'Accept the Fee and Cancel'.
 */
const ManageForm = textFields("token", "date", "technician", "slot", "terms")
  .extend({ intent: z.enum(["cancel", "move"]) })
  .transform(({ date, slot, ...rest }) => ({ ...rest, dateIso: date, startsAt: slot }));

export async function manageAction({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const form = await readForm(request);
  const read = form && parseForm(form, ManageForm);
  if (!read?.ok) return answer({ ok: false, message: m.manage_unreadable({}, { locale }) }, 400);
  const { intent, token } = read.data;
  const { phone } = (await readSalonFacts(context.db)).details;
  const key = `manage-change:${context.clientAddress}`;
  const limit = await hitRateLimit(context.db, key, CHANGE_LIMIT);
  if (!limit.allowed) {
    return answer({ ok: false, message: m.manage_limited({ phone }, { locale }) }, 429);
  }
  if (intent === "cancel") {
    // A protected visit (docs/payments.md#customer-cancels): its window, and inside it the fee.
    const result = await cancelThroughLink(context.db, token, read.data.terms);
    if (result.ok) {
      context.kickEmail();
      return answer({
        ok: true,
        state: "cancelled",
        dateString: bookingDateString(result.appointment, locale),
        email: result.appointment.email ?? "",
      });
    }
    if (result.kind === "fee-unconfirmed") {
      return answer({ ok: false, message: m.manage_late_fee_unconfirmed({}, { locale }) }, 409);
    }
    return failure(result.kind, phone, locale);
  }
  // A protected visit moves online until its cancellation window, not MANAGE_CUTOFF_HOURS.
  const protection = await protectedCutoff(context.db, token, new Date());
  const result = await moveByCustomer(context.db, token, read.data, protection);
  if (result.ok) {
    context.kickEmail();
    return answer({
      ok: true,
      state: "moved",
      dateString: bookingDateString(result.appointment, locale),
      email: result.appointment.email ?? "",
    });
  }
  if (result.kind === "invalid") {
    return answer({ ok: false, message: m.manage_invalid({}, { locale }) }, 400);
  }
  const cutoff = protection ? hoursText(protection.windowHours, locale) : cutoffText(locale);
  return failure(result.kind, phone, locale, cutoff);
}

function failure(
  kind: "not-found" | "too-late" | "no-service" | "same-time" | "unavailable",
  phone: string,
  locale: Locale,
  cutoff = cutoffText(locale),
) {
  const refused = (message: string, status: number) => answer({ ok: false, message }, status);
  switch (kind) {
    case "not-found":
      return refused(m.manage_gone({}, { locale }), 404);
    case "too-late":
      return refused(m.manage_too_late({ cutoff, phone }, { locale }), 409);
    case "no-service":
      return refused(m.manage_no_service({ phone }, { locale }), 409);
    case "same-time":
      return refused(m.manage_same_time({}, { locale }), 409);
    case "unavailable":
      return refused(m.manage_unavailable({}, { locale }), 409);
  }
}
