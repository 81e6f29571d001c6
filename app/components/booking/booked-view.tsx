import { localizedPath } from "~/domain/i18n/locale-path";
import { formatAddressLine, mapsUrl } from "~/domain/salon/salon-details";
import { useLocale } from "~/lib/i18n";
import { useSalon } from "~/lib/salon";
import { useFocusOnShow } from "~/lib/use-focus-on-show";
import { m } from "~/paraglide/messages.js";
import type { BookedView as BookedViewData } from "~/services/booking/booked-view.server";

/**
 * 'Your appointment is booked' (docs/product.md#after-booking): what the reloaded /schedule shows
 * the browser that booked, for 30 minutes. Plain links: it works without JavaScript too.
 */
export function BookedView({
  booked,
  focus = true,
}: {
  booked: BookedViewData;
  /** Bring the heading to the top and focus it: not while 'Appointment Confirmed' is open. */
  focus?: boolean;
}) {
  const salon = useSalon();
  const locale = useLocale();
  const many = booked.services.length > 1;
  // The reload comes back scrolled where the form was: the heading is brought into view.
  const heading = useFocusOnShow<HTMLHeadingElement>(focus);
  return (
    <section className="booked" aria-labelledby="booked-title">
      <h2 id="booked-title" ref={heading} tabIndex={-1}>
        {m.booked_title({}, { locale })}
      </h2>
      <dl className="booked__details">
        <dt>{m.booking_date({}, { locale })}</dt>
        <dd>{booked.date}</dd>
        <dt>{m.booked_time({}, { locale })}</dt>
        <dd>{booked.time}</dd>
        <dt>{many ? m.booked_services({}, { locale }) : m.booking_service({}, { locale })}</dt>
        <dd>
          <ul className="booked__services">
            {booked.services.map((service) => (
              <li key={`${service.name}|${service.time}|${service.technician}`}>
                {m.booked_line(
                  {
                    service: service.name,
                    time: service.time,
                    technician: service.technician,
                    price: service.price,
                  },
                  { locale },
                )}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{many ? m.booked_technicians({}, { locale }) : m.booked_technician({}, { locale })}</dt>
        <dd>{booked.technicians}</dd>
        <dt>{m.booked_total({}, { locale })}</dt>
        <dd>{booked.total}</dd>
        <dt>{m.booked_address({}, { locale })}</dt>
        <dd>
          <a href={mapsUrl(salon)}>{`${salon.name}, ${formatAddressLine(salon)}`}</a>
        </dd>
      </dl>
      <p>{m.booked_arrive({ minutes: salon.arriveEarlyMinutes }, { locale })}</p>
      <div className="button-row">
        <a
          className="button"
          href={localizedPath("/schedule/calendar", locale)}
          download="appointment.ics"
        >
          {m.booked_add_calendar({}, { locale })}
        </a>
        {/* The same event in the calendars people keep on the web (issue 38). */}
        <a className="button button--ghost" href={booked.calendarLinks.google} rel="noreferrer">
          Google Calendar
        </a>
        <a className="button button--ghost" href={booked.calendarLinks.outlook} rel="noreferrer">
          Outlook
        </a>
        <a
          className="button button--ghost"
          href={localizedPath(booked.manageUrl, locale)}
          rel="noreferrer"
        >
          {m.booked_manage({}, { locale })}
        </a>
        <a className="button button--ghost" href={localizedPath("/schedule?another=1", locale)}>
          {m.booked_another({}, { locale })}
        </a>
      </div>
    </section>
  );
}
