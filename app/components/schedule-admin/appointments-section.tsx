import { useState } from "react";
import { AppointmentCalendar } from "./appointment-calendar";
import { AppointmentDialogs, useAppointmentDialogs } from "./appointment-dialogs";
import { AppointmentsTable } from "./appointments-table";
import { CalendarViews, DayPicker, DaySummary } from "./day-navigation";
import { useTicker } from "./live-clock";
import type { ScheduleAdminData } from "./schedule-admin-types";
import { WalkInDialog } from "./walk-in-dialog";

type AppointmentsSectionProps = Pick<
  ScheduleAdminData,
  "appointments" | "calendar" | "date" | "dateLabel" | "today" | "types" | "now" | "technicians"
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
  const dialogs = useAppointmentDialogs();
  const week = calendar.technician;
  // 'Walk-in' on today's day only: it books from now on (docs/product.md#walk-ins).
  const [walkingIn, setWalkingIn] = useState(false);

  return (
    <section aria-labelledby="appointments-title" className="staff-section appointments-section">
      <div className="section-head">
        <h2 id="appointments-title">Appointments</h2>
        {/* Together on the heading's right, as 'Add Appointment' alone was. */}
        <div className="button-row appointments-section__add">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => dialogs.setAdding({ start: null })}
          >
            Add Appointment
          </button>
          {date === today && !week ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setWalkingIn(true)}
            >
              Walk-in
            </button>
          ) : null}
        </div>
      </div>

      <DayPicker date={date} week={week} />
      <CalendarViews date={date} week={week} technicians={props.technicians} />
      <DaySummary
        date={date}
        dateLabel={dateLabel}
        today={today}
        week={week}
        weekStart={calendar.columns[0]?.heading}
        count={appointments.length}
      />

      <AppointmentCalendar
        calendar={calendar}
        appointments={appointments}
        date={date}
        now={now}
        onOpen={dialogs.openDetails}
        onBook={(start) => dialogs.setAdding({ start })}
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
          onOpen={dialogs.openAction}
        />
      )}

      <AppointmentDialogs
        {...dialogs}
        appointments={appointments}
        date={date}
        today={today}
        types={props.types}
        now={now}
      />
      {walkingIn ? (
        <WalkInDialog types={props.types} today={today} onClose={() => setWalkingIn(false)} />
      ) : null}
    </section>
  );
}
