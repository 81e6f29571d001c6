import { formatAddressLine, mapsUrl } from "~/domain/salon/salon-details";
import { useSalon } from "~/lib/salon";
import { useFocusOnShow } from "~/lib/use-focus-on-show";
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
  // The reload comes back scrolled where the form was: the heading is brought into view.
  const heading = useFocusOnShow<HTMLHeadingElement>(focus);
  return (
    <section className="booked" aria-labelledby="booked-title">
      <h2 id="booked-title" ref={heading} tabIndex={-1}>
        Your appointment is booked
      </h2>
      <dl className="booked__details">
        <dt>Date</dt>
        <dd>{booked.date}</dd>
        <dt>Time</dt>
        <dd>{booked.time}</dd>
        <dt>{booked.services.length > 1 ? "Services" : "Service"}</dt>
        <dd>
          <ul className="booked__services">
            {booked.services.map((service) => (
              <li key={`${service.name}|${service.time}|${service.technician}`}>
                {service.name}, {service.time} with {service.technician} ({service.price})
              </li>
            ))}
          </ul>
        </dd>
        <dt>{booked.services.length > 1 ? "Technicians" : "Technician"}</dt>
        <dd>{booked.technicians}</dd>
        <dt>Total</dt>
        <dd>{booked.total}</dd>
        <dt>Address</dt>
        <dd>
          <a href={mapsUrl(salon)}>{`${salon.name}, ${formatAddressLine(salon)}`}</a>
        </dd>
      </dl>
      <p>
        Please arrive {salon.arriveEarlyMinutes} minutes before your time. The confirmation email
        has these details too.
      </p>
      <div className="button-row">
        <a className="button" href="/schedule/calendar" download="appointment.ics">
          Add to Calendar
        </a>
        {/* The same event in the calendars people keep on the web (issue 38). */}
        <a className="button button--ghost" href={booked.calendarLinks.google} rel="noreferrer">
          Google Calendar
        </a>
        <a className="button button--ghost" href={booked.calendarLinks.outlook} rel="noreferrer">
          Outlook
        </a>
        <a className="button button--ghost" href={booked.manageUrl} rel="noreferrer">
          Manage Appointment
        </a>
        <a className="button button--ghost" href="/schedule?another=1">
          Book Another
        </a>
      </div>
    </section>
  );
}
