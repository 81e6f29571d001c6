import { isIsoDate } from "~/domain/booking/time-zone";
import { visitItemsOf } from "~/domain/booking/visit-request";
import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { retryAfter } from "~/lib/retry-after";
import { newHoldCookie, placeHold, readHolder, releaseHold } from "~/services/booking/holds.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import type { Route } from "./+types/schedule-hold";

/** The answer: held until when, or refused (someone else holds or booked it). */
export type HoldAnswer = { ok: true; expiresAt: string } | { ok: false; message: string };

/** Holds and releases per address: a visitor choosing times, not a script taking them all. */
const HOLD_LIMIT = RATE_LIMITS.hold;

/** The confirm form's day and time (its services: visitItemsOf), or `intent=release`. */
const HoldForm = textFields("intent", "date", "slot");

/**
 * The booking island's hold (docs/product.md#holds): choosing a time holds it for the visitor
 * (the confirm form's fields), `intent=release` lets it go when the dialog closes. The visitor is
 * their hold cookie, made here on their first hold.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = (body: HoldAnswer, status = 200, headers: Record<string, string> = {}) =>
    Response.json(body, { status, headers: { ...headers, "Cache-Control": "no-store" } });
  const form = await readForm(request);
  const read = form && parseForm(form, HoldForm);
  if (!form || !read?.ok) return answer({ ok: false, message: "The form could not be read." }, 400);
  const limit = await hitRateLimit(context.db, `hold:${context.clientAddress}`, HOLD_LIMIT);
  if (!limit.allowed) {
    const retry = retryAfter(limit.retryAfterMs);
    return answer({ ok: false, message: "Too many holds from this address." }, 429, {
      "Retry-After": retry,
    });
  }
  const known = readHolder(request.headers.get("Cookie"));
  if (read.data.intent === "release") {
    if (known) await releaseHold(context.db, known);
    return answer({ ok: true, expiresAt: new Date().toISOString() });
  }
  const date = read.data.date ?? "";
  const startsAt = new Date(read.data.slot ?? "");
  if (!isIsoDate(date) || Number.isNaN(startsAt.getTime())) {
    return answer({ ok: false, message: "Choose a time." }, 400);
  }
  const cookie = known
    ? undefined
    : newHoldCookie(
        context.secure,
        localizedPath("/schedule", localeOfPath(new URL(request.url).pathname)),
      );
  const holder = known ?? (cookie?.holder as string);
  const held = await placeHold(
    context.db,
    holder,
    { dateIso: date, startsAt, items: visitItemsOf(form) },
    { client: context.clientAddress },
  );
  const headers: Record<string, string> = cookie ? { "Set-Cookie": cookie.header } : {};
  if (held.ok) return answer({ ok: true, expiresAt: held.expiresAt.toISOString() }, 200, headers);
  // Not held is no refusal of the booking: the visitor may still confirm, checked as any.
  if (held.why === "too-long") return answer({ ok: false, message: NOT_HELD.long }, 200, headers);
  if (held.why === "too-many") return answer({ ok: false, message: NOT_HELD.many }, 429, headers);
  // Its first hold has ended: holding it again would hold it past HOLD_SECONDS.
  if (held.why === "held-before") {
    return answer({ ok: false, message: NOT_HELD.again }, 429, headers);
  }
  return answer(
    { ok: false, message: "Sorry, that time was just taken. Please choose another." },
    409,
    headers,
  );
}

const NOT_HELD = {
  long: "A visit this long is not held while you confirm; confirm to book it.",
  many: "Too many times held from this address; confirm to book this one.",
  again: "This time was held for you already; confirm to book it.",
};
