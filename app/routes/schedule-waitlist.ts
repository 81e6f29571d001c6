import { redirect } from "react-router";
import { visitItemsOf, visitParams } from "~/domain/booking/visit-request";
import { localeOfPath, localizedPath, withPageLocale } from "~/domain/i18n/locale-path";
import { retryAfter } from "~/lib/retry-after";
import { readHolder } from "~/services/booking/holds.server";
import { formList, parseForm, readForm, textFields } from "~/services/platform/form.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { type JoinResult, joinWaitlist } from "~/services/waitlist/waitlist.server";
import type { Route } from "./+types/schedule-waitlist";
import { bookingFieldErrors } from "./booking-words";

/** The island's answer: in line, or why not (field errors by field, or one message). */
export type WaitlistAnswer = JoinResult;

/** Joining per address: a visitor or two, not a script filling lines with strangers' addresses. */
const JOIN_LIMIT = RATE_LIMITS.waitlistJoin;

/**
 * The form's day, name, email, parts of the day (`period`) and page language (`locale`, issue 39)
 * under joinWaitlist's names; it checks them.
 */
const WaitlistForm = textFields("date", "name", "email", "locale")
  .extend({ period: formList })
  .transform(({ date, name, email, period, locale }) => ({
    dateIso: date,
    name,
    email,
    periods: period,
    locale,
  }));

/**
 * 'Join the Waitlist' (docs/product.md#waitlist), shown when a day has no time for a search: the
 * day and the search come with the form, as the booking's do. The booking island reads the answer
 * as JSON; the form without JavaScript is sent back to the search's page, which says the outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const json = (request.headers.get("Accept") ?? "").includes("application/json");
  const locale = localeOfPath(new URL(request.url).pathname);
  const form = await readForm(request);
  const read = form && parseForm(withPageLocale(form, request), WaitlistForm);
  let status = 200;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  let answer: WaitlistAnswer;
  const limit = read?.ok
    ? await hitRateLimit(context.db, `waitlist:${context.clientAddress}`, JOIN_LIMIT)
    : undefined;
  if (!form || !read?.ok) {
    status = 400;
    answer = { ok: false, reason: "unreadable", message: "The form could not be read." };
  } else if (limit && !limit.allowed) {
    status = 429;
    headers["Retry-After"] = retryAfter(limit.retryAfterMs);
    answer = {
      ok: false,
      reason: "limited",
      message: "Too many requests from this address. Please call us.",
    };
  } else {
    answer = await joinWaitlist(context.db, read.data, visitItemsOf(form), {
      holder: readHolder(request.headers.get("Cookie")),
      siteUrl: context.siteUrl,
    });
    if (answer.ok) context.kickEmail();
    else status = 400;
    // A name or an email refused is said beside its field in the page's language.
    if (!answer.ok && "fieldErrors" in answer) {
      answer = { ok: false, fieldErrors: bookingFieldErrors(answer.fieldErrors, locale) };
    }
  }
  if (json) return Response.json(answer, { status, headers });
  // Without JavaScript: back to the search, whose page says what happened.
  const search = new URLSearchParams([
    ["date", (read?.ok ? read.data.dateIso : undefined) ?? ""],
    ...(form ? visitParams(visitItemsOf(form)) : []),
    ["waitlist", answer.ok ? "joined" : "fieldErrors" in answer ? "invalid" : answer.reason],
  ]);
  const page = localizedPath(`/schedule?${search}`, locale);
  return redirect(`${page}#times-title`, { status: 303, headers });
}
