import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import { addDaysIso } from "~/domain/booking/time-zone";
import { AddAppointmentDialog } from "./add-appointment-dialog";
import { AppointmentCalendar, type BookingStart } from "./appointment-calendar";
import { AppointmentDetailsDialog } from "./appointment-details-dialog";
import { type AppointmentDialog, AppointmentsTable } from "./appointments-table";
import { CancelDialog } from "./cancel-dialog";
import { EditCustomerDialog } from "./edit-customer-dialog";
import { useTicker } from "./live-clock";
import { MoveDialog } from "./move-dialog";
import type { AdminAppointmentView, ScheduleAdminData } from "./schedule-admin-types";

type Open = { dialog: AppointmentDialog | "details"; appointment: AdminAppointmentView };

type AppointmentsSectionProps = Pick<
  ScheduleAdminData,
  "appointments" | "calendar" | "date" | "dateLabel" | "today" | "types" | "now" | "workers"
>;

/**
 * Spec "Schedule admin": a day's booked appointments, upcoming ones set apart from past ones, as a
 * calendar with a column per technician (or one technician's week) and as a list in start order.
 * The day and the view are in the address (?date=&technician=), so both work without JavaScript.
 * Cancelled appointments leave the list: it shows who is coming.
 */
export function AppointmentsSection(props: AppointmentsSectionProps) {
  const { appointments, calendar, date, dateLabel, today } = props;
  // Whether an appointment is past moves on with the clock, without a reload.
  const now = useTicker(props.now, 15_000);
  const [open, setOpen] = useState<Open | null>(null);
  // The calendar block an appointment was opened from: focus goes back to it after Move, Edit
  // Customer or Cancel, which open in the details dialog's place.
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setOpen(null);
    opener.current?.focus();
    opener.current = null;
  };
  // 'Add Appointment' (null start) or a free quarter hour of the calendar.
  const [adding, setAdding] = useState<{ start: BookingStart | null } | null>(null);
  const week = calendar.technician;
  const count = `${appointments.length} ${appointments.length === 1 ? "appointment" : "appointments"}`;
  const step = week ? 7 : 1;
  const viewLink = (day: string, technician = week) =>
    `/scheduleadmin?${new URLSearchParams(technician ? { date: day, technician } : { date: day })}`;

  return (
    <section aria-labelledby="appointments-title" className="staff-section appointments-section">
      <div className="section-head">
        <h2 id="appointments-title">Appointments</h2>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setAdding({ start: null })}
        >
          Add Appointment
        </button>
      </div>

      <Form method="get" className="day-picker">
        <div className="field">
          <label htmlFor="day-date">Date</label>
          <input key={date} id="day-date" name="date" type="date" defaultValue={date} required />
        </div>
        {week ? <input type="hidden" name="technician" value={week} /> : null}
        <button type="submit" className="button">
          Get Scheduled Appointments
        </button>
      </Form>

      <nav aria-label="Calendar views" className="calendar-views">
        <Link to={viewLink(date, null)} aria-current={week ? undefined : "page"}>
          Day
        </Link>
        {props.workers.map((name) => (
          <Link
            key={name}
            to={viewLink(date, name)}
            aria-current={week === name ? "page" : undefined}
          >
            {name}'s week
          </Link>
        ))}
      </nav>

      <div className="day-summary">
        <p className="day-summary__text">
          <span className="day-summary__date">
            {week ? `${week}'s week of ${calendar.columns[0]?.heading ?? dateLabel}` : dateLabel}
          </span>
          {!week && date === today ? <span className="day-summary__tag">Today</span> : null}
          <span className="day-summary__count">{count}</span>
        </p>
        <p className="day-summary__steps">
          <Link
            to={viewLink(addDaysIso(date, -step))}
            className="button button--ghost button--small"
          >
            {week ? "Previous week" : "Previous day"}
          </Link>
          <Link
            to={viewLink(addDaysIso(date, step))}
            className="button button--ghost button--small"
          >
            {week ? "Next week" : "Next day"}
          </Link>
        </p>
      </div>

      <AppointmentCalendar
        calendar={calendar}
        appointments={appointments}
        date={date}
        now={now}
        onOpen={(appointment) => {
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
          setOpen({ dialog: "details", appointment });
        }}
        onBook={(start) => setAdding({ start })}
      />

      {week ? null : appointments.length === 0 ? (
        <p className="day-empty">No appointments on this day.</p>
      ) : (
        <AppointmentsTable
          appointments={appointments}
          date={date}
          dateLabel={dateLabel}
          today={today}
          now={now}
          onOpen={(dialog, appointment) => {
            opener.current = null;
            setOpen({ dialog, appointment });
          }}
        />
      )}

      {open?.dialog === "details" ? (
        <AppointmentDetailsDialog
          appointment={open.appointment}
          today={today}
          now={now}
          onClose={() => {
            setOpen((current) => (current?.dialog === "details" ? null : current));
            opener.current = null;
          }}
          onAction={(dialog) => setOpen({ dialog, appointment: open.appointment })}
        />
      ) : null}
      {open?.dialog === "cancel" ? (
        <CancelDialog
          appointment={open.appointment}
          date={date}
          dateLabel={open.appointment.dateLabel}
          onClose={close}
        />
      ) : null}
      {open?.dialog === "move" ? (
        <MoveDialog
          appointment={open.appointment}
          types={props.types}
          date={date}
          today={today}
          onClose={close}
        />
      ) : null}
      {open?.dialog === "customer" ? (
        <EditCustomerDialog appointment={open.appointment} date={date} onClose={close} />
      ) : null}
      {adding ? (
        <AddAppointmentDialog
          types={props.types}
          date={date}
          today={today}
          start={adding.start}
          onClose={() => setAdding(null)}
        />
      ) : null}
    </section>
  );
}
