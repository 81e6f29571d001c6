import { useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { VisitStatus } from "~/services/db/schema.server";
import { AddAppointmentDialog } from "./add-appointment-dialog";
import { CancelDialog } from "./cancel-dialog";
import { EditCustomerDialog } from "./edit-customer-dialog";
import { useTicker } from "./live-clock";
import { MoveDialog } from "./move-dialog";
import type {
  AdminAppointmentView,
  ScheduleAdminActionResult,
  ScheduleAdminData,
} from "./schedule-admin-types";
import { useActionFeedback } from "./use-action-feedback";

/** The visit marks, as the list names them. */
const VISIT_LABELS: Record<VisitStatus, string> = {
  arrived: "Arrived",
  completed: "Completed",
  no_show: "No-show",
};

type Open = { dialog: "cancel" | "move" | "customer"; appointment: AdminAppointmentView };

type AppointmentsSectionProps = Pick<
  ScheduleAdminData,
  "appointments" | "date" | "dateLabel" | "today" | "types" | "now"
>;

/**
 * Spec "Schedule admin": a day's booked appointments in start order, upcoming ones set apart
 * from past ones. The day is in the address (?date=), so the list works without JavaScript.
 * Cancelled appointments leave the list: it shows who is coming.
 */
export function AppointmentsSection(props: AppointmentsSectionProps) {
  const { appointments, date, dateLabel, today } = props;
  // Whether an appointment is past moves on with the clock, without a reload.
  const now = useTicker(props.now, 15_000);
  const [open, setOpen] = useState<Open | null>(null);
  const [adding, setAdding] = useState(false);
  const count = `${appointments.length} ${appointments.length === 1 ? "appointment" : "appointments"}`;

  return (
    <section aria-labelledby="appointments-title" className="staff-section">
      <div className="section-head">
        <h2 id="appointments-title">Appointments</h2>
        <button type="button" className="button button--ghost" onClick={() => setAdding(true)}>
          Add Appointment
        </button>
      </div>

      <Form method="get" className="day-picker">
        <div className="field">
          <label htmlFor="day-date">Date</label>
          <input key={date} id="day-date" name="date" type="date" defaultValue={date} required />
        </div>
        <button type="submit" className="button">
          Get Scheduled Appointments
        </button>
      </Form>

      <p className="day-summary">
        <span className="day-summary__date">{dateLabel}</span>
        {date === today ? <span className="day-summary__tag">Today</span> : null}
        <span className="day-summary__count">{count}</span>
      </p>

      {appointments.length === 0 ? (
        <p className="day-empty">No appointments on this day.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table appointments-table">
            <caption className="visually-hidden">
              Appointments on {dateLabel}, in start order
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Phone</th>
                <th scope="col">Start</th>
                <th scope="col">Worker</th>
                <th scope="col">
                  <span className="visually-hidden">Status</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {appointments.map((appointment) => {
                const upcoming = Date.parse(appointment.startsAt) > now;
                return (
                  <tr
                    key={appointment.id}
                    className={upcoming ? "appointment--upcoming" : "appointment--past"}
                  >
                    <td>
                      <Link to={`/customers?email=${encodeURIComponent(appointment.email)}`}>
                        {appointment.name}
                      </Link>
                    </td>
                    <td>{appointment.typeName}</td>
                    <td>
                      {appointment.phone ? (
                        <a href={`tel:${appointment.phone}`}>{appointment.phone}</a>
                      ) : (
                        <span className="appointments-table__none">{appointment.phoneLabel}</span>
                      )}
                    </td>
                    <td className="appointments-table__start">{appointment.startLabel}</td>
                    <td>{appointment.worker}</td>
                    <td className="appointments-table__status">
                      <span className="visually-hidden">{upcoming ? "Upcoming" : "Past"}</span>
                      <div className="row-actions">
                        {upcoming ? (
                          <RowButton
                            label="Move"
                            appointment={appointment}
                            onClick={() => setOpen({ dialog: "move", appointment })}
                          />
                        ) : null}
                        <RowButton
                          label="Edit Customer"
                          appointment={appointment}
                          onClick={() => setOpen({ dialog: "customer", appointment })}
                        />
                        {upcoming ? (
                          <RowButton
                            label="Cancel"
                            appointment={appointment}
                            onClick={() => setOpen({ dialog: "cancel", appointment })}
                          />
                        ) : null}
                      </div>
                      {appointment.dateIso <= today ? (
                        <VisitButtons appointment={appointment} date={date} />
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {open?.dialog === "cancel" ? (
        <CancelDialog
          appointment={open.appointment}
          date={date}
          dateLabel={dateLabel}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.dialog === "move" ? (
        <MoveDialog
          appointment={open.appointment}
          types={props.types}
          date={date}
          today={today}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.dialog === "customer" ? (
        <EditCustomerDialog
          appointment={open.appointment}
          date={date}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {adding ? (
        <AddAppointmentDialog
          types={props.types}
          date={date}
          today={today}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </section>
  );
}

/** A row's action, named for the appointment it acts on ("Move Ana's 10:00 AM appointment"). */
function RowButton(props: { label: string; appointment: AdminAppointmentView; onClick(): void }) {
  const { label, appointment } = props;
  return (
    <button type="button" className="button button--ghost button--small" onClick={props.onClick}>
      {label}
      <span className="visually-hidden">
        {` ${appointment.name}'s ${appointment.startLabel} appointment`}
      </span>
    </button>
  );
}

/**
 * 'Arrived', 'Completed', 'No-show': what happened, from the appointment's day on. The mark that
 * is set shows pressed; pressing it again clears it.
 */
function VisitButtons({ appointment, date }: { appointment: AdminAppointmentView; date: string }) {
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const started = useActionFeedback(fetcher, { date });
  return (
    <fetcher.Form method="post" onSubmit={started} className="row-actions visit-buttons">
      <input type="hidden" name="intent" value="visit" />
      <input type="hidden" name="id" value={appointment.id} />
      {(Object.keys(VISIT_LABELS) as VisitStatus[]).map((status) => {
        const pressed = appointment.visitStatus === status;
        return (
          <button
            key={status}
            type="submit"
            name="status"
            value={pressed ? "clear" : status}
            aria-pressed={pressed}
            className="button button--ghost button--small"
          >
            {VISIT_LABELS[status]}
            <span className="visually-hidden">
              {` ${appointment.name}'s ${appointment.startLabel} appointment`}
            </span>
          </button>
        );
      })}
    </fetcher.Form>
  );
}
