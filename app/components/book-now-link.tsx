import { Link } from "react-router";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";

/** 'Schedule Appointment Now': the booking page in the page's language. */
export function BookNowLink() {
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <Link className="button" to={to("/schedule")}>
      {m.services_book_now({}, { locale })}
    </Link>
  );
}
