import type { Locale } from "~/domain/i18n/locale";
import { localizedPath } from "~/domain/i18n/locale-path";
import type { ContactAnswer } from "~/routes/contact-send.server";
import type { BookingAnswer } from "~/routes/schedule-book.server";
import type { HoldAnswer } from "~/routes/schedule-hold";
import type { WaitlistAnswer } from "~/routes/schedule-waitlist";

/**
 * Each island endpoint's answer, as the server module that answers it declares it (type-only
 * imports: erased from the browser's build).
 */
interface IslandAnswers {
  "/schedule/book": BookingAnswer;
  "/schedule/hold": HoldAnswer;
  "/schedule/waitlist": WaitlistAnswer;
  "/contact/send": ContactAnswer;
}

/**
 * The islands' posts (docs/decisions/014-islands.md): a form's fields, URL-encoded as the
 * browser itself would send them, to one of our JSON endpoints. Resolves with the answer, or
 * null when none came (no connection) or it was not one of ours.
 */
export async function postForm<Url extends keyof IslandAnswers>(
  url: Url,
  form: FormData,
  /**
   * keepalive: the post outlives the page (a hold let go as the visitor leaves); locale: the
   * page's language, whose twin of the endpoint answers (/es/schedule/book in Spanish).
   */
  init: { keepalive?: boolean; locale?: Locale } = {},
): Promise<IslandAnswers[Url] | null> {
  const body = new URLSearchParams();
  for (const [name, value] of form) body.append(name, String(value));
  try {
    const response = await fetch(localizedPath(url, init.locale ?? "en"), {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      keepalive: init.keepalive,
    });
    const answer: unknown = await response.json();
    // JSON carries no type: an answer with `ok` is taken as the endpoint's declared one.
    return typeof answer === "object" && answer !== null && "ok" in answer
      ? (answer as IslandAnswers[Url])
      : null;
  } catch {
    return null;
  }
}
