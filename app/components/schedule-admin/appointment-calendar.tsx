import type { CSSProperties } from "react";
import { Link } from "react-router";
import { CALENDAR_ROW_MINUTES } from "~/domain/booking/calendar";
import { formatWallMinutes, SALON_TIME_ZONE, salonWallClock } from "~/domain/booking/time-zone";
import type {
  CalendarColumn,
  CalendarFreeCell,
} from "~/services/appointments/staff-calendar.server";
import { ColumnBlocks, DropGhost, dropZone, MOVE_HELP_ID, place } from "./calendar-blocks";
import { type CalendarDrag, useCalendarDrag } from "./calendar-drag";
import type { DragMessage } from "./calendar-drop-move";
import type { AdminAppointmentView, ScheduleAdminData } from "./schedule-admin-types";

/** A free quarter hour chosen to book from: its technician, date and time. */
export interface BookingStart extends CalendarFreeCell {
  technician: string;
  dateIso: string;
}

interface AppointmentCalendarProps {
  calendar: ScheduleAdminData["calendar"];
  appointments: AdminAppointmentView[];
  date: string;
  /** The current instant (ms), ticking: past, in progress and upcoming move on with it. */
  now: number;
  onOpen(appointment: AdminAppointmentView): void;
  onBook(start: BookingStart): void;
}

/**
 * The calendar (docs/product.md#calendar): a column per technician (the day) or per day (her
 * week), rows every 15 minutes, each appointment a button sized by its duration. Each column is a
 * list of its appointments in time order, so a screen reader reads the same data as a list; the
 * free quarter hours start a phone booking with the technician and time filled in.
 */
export function AppointmentCalendar(props: AppointmentCalendarProps) {
  const { calendar } = props;
  const { window } = calendar;
  const drag = useCalendarDrag({
    window,
    date: props.date,
    appointments: props.appointments,
  });
  if (!window || calendar.columns.length === 0) {
    return (
      <p className="day-empty">
        {window ? "No technician works on this day." : "The salon is closed on this day."}
      </p>
    );
  }
  const quarters: number[] = [];
  for (let m = window.start; m < window.end; m += CALENDAR_ROW_MINUTES) quarters.push(m);
  const byId = new Map(props.appointments.map((a) => [a.id, a]));
  const grid = {
    "--slots": (window.end - window.start) / 5,
    "--columns": calendar.columns.length,
    // The hour lines start at the first whole hour.
    "--hour-shift": ((60 - (window.start % 60)) % 60) / 5,
  } as CSSProperties;

  return (
    <>
      <DropRefusal message={drag.message} />
      <p id={MOVE_HELP_ID} className="visually-hidden">
        To move it, open it and choose Move; with a mouse, drag it to another time or column.
      </p>
      {/* Wider than a phone: it scrolls in its own region, which the keyboard's arrows scroll
          once it has the focus; the page keeps the screen's width. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus. */}
      <section className="calendar-scroll" aria-label="Calendar" tabIndex={0}>
        <div ref={drag.root} className={`calendar calendar--${calendar.kind}`} style={grid}>
          <div className="calendar__times" aria-hidden="true">
            <div className="calendar__head" />
            <div className="calendar__body">
              {quarters.map((m) =>
                m % 60 === 0 ? (
                  <span key={m} className="calendar__time" style={place(m, m, window.start)}>
                    {formatWallMinutes(m)}
                  </span>
                ) : null,
              )}
            </div>
          </div>
          {calendar.columns.map((column) => (
            <ColumnView
              key={column.key}
              {...props}
              column={column}
              byId={byId}
              first={window.start}
              last={window.end}
              drag={drag}
            />
          ))}
        </div>
      </section>
    </>
  );
}

/**
 * Why a drop was refused, beside the calendar (as a refused form's alert is beside the form),
 * kept until the next drag; a move made is said in the staff pages' status line.
 */
function DropRefusal({ message }: { message: DragMessage }) {
  return (
    <div className="calendar-feedback">
      <p role="alert" className="calendar-feedback__note">
        {message ?? ""}
      </p>
    </div>
  );
}

type ColumnProps = AppointmentCalendarProps & {
  column: CalendarColumn;
  byId: Map<string, AdminAppointmentView>;
  first: number;
  drag: CalendarDrag;
};

/** One technician's day (or one day of her week): its head, hours, holds, appointments, free cells. */
function ColumnView(props: ColumnProps & { last: number }) {
  const { calendar, column, date, first, last } = props;
  const clock = salonWallClock(props.now, SALON_TIME_ZONE);
  return (
    <section
      className="calendar__column"
      // "Nia's day" (not her bare name, which names her checkbox in the services form).
      aria-label={calendar.kind === "day" ? `${column.technician}'s day` : column.heading}
    >
      <div className="calendar__head">
        <h3 className="calendar__heading">
          {calendar.kind === "day" ? (
            <Link
              to={`/scheduleadmin?${new URLSearchParams({ date, technician: column.technician })}`}
            >
              {column.heading}
              <span className="visually-hidden">'s week</span>
            </Link>
          ) : (
            column.heading
          )}
        </h3>
        <p className="calendar__note">{column.note}</p>
      </div>
      <div className="calendar__body" {...dropZone(column, calendar.kind)}>
        {column.working.map((range) => (
          <div
            key={range.start}
            className="calendar__working"
            style={place(range.start, range.end, first)}
            aria-hidden="true"
          />
        ))}
        {clock.dateIso === column.dateIso && clock.minutes >= first && clock.minutes < last ? (
          <div
            className="calendar__now"
            style={place(clock.minutes, clock.minutes, first)}
            aria-hidden="true"
          />
        ) : null}
        <HeldTimes column={column} first={first} />
        <ColumnBlocks {...props} />
        <DropGhost drag={props.drag} column={column} first={first} />
        <FreeCells
          column={column}
          first={first}
          day={calendar.kind === "week" ? ` on ${column.heading}` : ""}
          onBook={props.onBook}
        />
      </div>
    </section>
  );
}

/**
 * The free quarter hours, each starting a phone booking there. Out of the tab order (a day has
 * dozens): the keyboard books with 'Add Appointment', which asks the same.
 */
function FreeCells(props: {
  column: CalendarColumn;
  first: number;
  /** " on Tue, Nov 24" in a week view. */
  day: string;
  onBook(start: BookingStart): void;
}) {
  const { column, first } = props;
  if (column.free.length === 0) return null;
  return (
    <ul className="calendar__free" aria-label={`Free times with ${column.technician}`}>
      {column.free.map((cell) => (
        <li
          key={cell.start}
          className="calendar__item"
          style={place(cell.start, cell.start + CALENDAR_ROW_MINUTES, first)}
        >
          <button
            type="button"
            tabIndex={-1}
            className="calendar__cell"
            onClick={() =>
              props.onBook({ ...cell, technician: column.technician, dateIso: column.dateIso })
            }
          >
            <span aria-hidden="true">+ {cell.label}</span>
            <span className="visually-hidden">{`Book with ${column.technician} at ${cell.label}${props.day}`}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Times visitors hold while they confirm online (docs/product.md#holds): shown so the front desk
 * knows, under the free cells, which still book over them.
 */
function HeldTimes({ column, first }: { column: CalendarColumn; first: number }) {
  if (column.held.length === 0) return null;
  return (
    <ul className="calendar__held" aria-label={`Held online with ${column.technician}`}>
      {column.held.map((held) => (
        <li
          key={held.start}
          className="calendar__item calendar__hold"
          style={place(held.start, held.end, first)}
        >
          Held online until {held.until}
        </li>
      ))}
    </ul>
  );
}
