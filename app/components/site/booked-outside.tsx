import { PhoneLink } from "~/components/phone-link";
import { formatDateString, formatSlotLabel, SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import type { AffectedAppointment } from "~/services/salon/closed-days.server";

/** An appointment the salon's hours no longer hold, as the loader sends it. */
interface BookedOutsideView {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  typeName: string;
  technician: string;
  /** "Thursday, December 24, 2026 at 4:00 PM" */
  when: string;
}

/**
 * Appointments already booked outside the hours: they stay booked, and staff call these
 * customers to move them (docs/product.md#opening-hours).
 */
export function BookedOutside({ appointments }: { appointments: BookedOutsideView[] }) {
  return (
    <section className="staff-section" aria-labelledby="booked-outside-title">
      <h2 id="booked-outside-title">Booked outside the hours</h2>
      {appointments.length === 0 ? (
        <p className="staff-section__intro">
          Every upcoming appointment is inside the opening and special hours.
        </p>
      ) : (
        <>
          <p className="staff-section__intro">
            These stay booked. Please call each guest to move the appointment.
          </p>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Guest</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Service</th>
                </tr>
              </thead>
              <tbody>
                {appointments.map((a) => (
                  <tr key={a.id}>
                    <td>{a.when}</td>
                    <td>
                      {a.name}
                      {a.email ? (
                        <>
                          <br />
                          <a href={`mailto:${a.email}`}>{a.email}</a>
                        </>
                      ) : null}
                    </td>
                    <td>{a.phone ? <PhoneLink phone={a.phone} /> : "No phone given"}</td>
                    <td>
                      {a.typeName} with {a.technician}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** An appointment as the owner's lists show it. */
export function bookedOutsideView(a: AffectedAppointment): BookedOutsideView {
  return {
    id: a.id,
    name: a.name,
    phone: a.phone,
    email: a.email,
    typeName: a.typeName,
    technician: a.technician,
    when: `${formatDateString(a.startsAt, SALON_TIME_ZONE)} at ${formatSlotLabel(a.startsAt, SALON_TIME_ZONE)}`,
  };
}
