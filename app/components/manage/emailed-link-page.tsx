import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Locale } from "~/domain/i18n/locale";
import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import { LinkMissing } from "./link-missing";

/**
 * The page an emailed link opens (a waitlist offer, a place to confirm, a booking to confirm):
 * its heading, the answer to its form, and the card of what the link names with its action and
 * 'See Other Times', or the card of a link that opens nothing. Plain HTML and a plain form post.
 */
export function EmailedLinkPage(props: {
  eyebrow: string;
  heading: string;
  /** The answer to the page's form: `ok` says it as a status, otherwise as an alert. */
  notice: { ok: boolean; text: ReactNode } | null;
  /** What the link names, or why it names nothing. */
  card:
    | {
        id: string;
        title: string;
        details: [label: string, value: string][];
        action: ReactNode;
        /** Whether 'See Other Times' follows the action (not when the action is that choice). */
        otherTimes?: boolean;
      }
    | { missing: { limited: boolean; title: string; text: string } };
}) {
  const { notice, card } = props;
  const locale = useLocale();
  return (
    <div className="page manage">
      <header className="page-header">
        <p className="eyebrow">{props.eyebrow}</p>
        <h1>{props.heading}</h1>
      </header>
      {notice ? (
        <p
          className={notice.ok ? "manage__notice" : "manage__notice manage__notice--error"}
          role={notice.ok ? "status" : "alert"}
        >
          {notice.text}
        </p>
      ) : null}
      {"missing" in card ? (
        <LinkMissing {...card.missing} />
      ) : (
        <section className="manage__card" aria-labelledby={card.id}>
          <h2 id={card.id}>{card.title}</h2>
          <dl className="manage__details">
            {card.details.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {card.action}
          {card.otherTimes === false ? null : (
            <p className="button-row">
              <Link to={localizedPath("/schedule", locale)} className="button button--ghost">
                {m.link_other_times({}, { locale })}
              </Link>
            </p>
          )}
        </section>
      )}
    </div>
  );
}

/**
 * The notice of a link's form that books (a pending booking's 'Confirm Booking', a waitlist
 * offer's 'Book This Time'): 'Booked: ... We have emailed the details to ...', or why not.
 */
export function bookedNotice(
  answer:
    | { ok: true; dateString: string; email: string }
    | { ok: false; message: string }
    | undefined,
  locale: Locale,
): { ok: boolean; text: string } | null {
  if (!answer) return null;
  return {
    ok: answer.ok,
    text: answer.ok
      ? m.link_booked({ date: answer.dateString, email: answer.email }, { locale })
      : answer.message,
  };
}
