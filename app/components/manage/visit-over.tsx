import { Link } from "react-router";
import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { useFocusOnShow } from "~/lib/use-focus-on-show";
import { m } from "~/paraglide/messages.js";
import type { ManageActionResult, ManagePageData } from "./manage-types";

/**
 * A cancelled or past appointment behind the link: what it was, and 'Book Again' (the same
 * service, times listed). Just cancelled here: the cancellation's confirmation above it.
 */
export function VisitOver({
  data,
  result,
}: {
  data: Extract<ManagePageData, { state: "over" }>;
  result: ManageActionResult | undefined;
}) {
  const cancelled = result?.ok && result.state === "cancelled" ? result : null;
  // The cancel's answer, above where the page was left scrolled: brought into view (issue 38).
  const notice = useFocusOnShow<HTMLParagraphElement>(cancelled);
  const locale = useLocale();
  return (
    <>
      {cancelled ? (
        <p ref={notice} tabIndex={-1} className="manage__notice" role="status">
          {m.manage_cancelled({ date: cancelled.dateString, email: cancelled.email }, { locale })}
        </p>
      ) : null}
      <section className="manage__card" aria-labelledby="over-title">
        <h2 id="over-title">
          {data.cancelled
            ? m.manage_over_cancelled({}, { locale })
            : m.manage_over_past({}, { locale })}
        </h2>
        <p>
          {data.service}, {data.dateString}.
        </p>
        <p>
          {data.cancelled
            ? m.manage_over_again({}, { locale })
            : m.manage_over_thanks({}, { locale })}
        </p>
        <p className="button-row">
          {data.bookAgain ? (
            <Link to={data.bookAgain} className="button">
              {m.manage_book_again({}, { locale })}
            </Link>
          ) : (
            <Link to={localizedPath("/schedule", locale)} className="button">
              {m.manage_book({}, { locale })}
            </Link>
          )}
        </p>
      </section>
    </>
  );
}
