import { Link } from "react-router";
import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";

/**
 * The card of an emailed link that opens nothing (a wrong or used-up token), or of too many
 * tries from one connection: the manage link's and the waitlist offer's.
 */
export function LinkMissing({
  limited,
  title,
  text,
}: {
  limited: boolean;
  /** "Appointment not found". */
  title: string;
  /** Why it may be, and what to do. */
  text: string;
}) {
  const business = useSalon();
  const locale = useLocale();
  return (
    <section className="manage__card" aria-labelledby="missing-title">
      <h2 id="missing-title">{limited ? m.link_limited_title({}, { locale }) : title}</h2>
      <p>{limited ? m.link_limited_text({}, { locale }) : text}</p>
      <p>
        {m.link_help({}, { locale })} <a href={`tel:${business.phoneE164}`}>{business.phone}</a>.
      </p>
      <p className="button-row">
        <Link to={localizedPath("/schedule", locale)} className="button button--ghost">
          {m.manage_book({}, { locale })}
        </Link>
      </p>
    </section>
  );
}
