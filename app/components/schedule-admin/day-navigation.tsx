import { Form, Link } from "react-router";
import { addDaysIso } from "~/domain/booking/time-zone";

// How the staff move through the appointments (spec "Schedule admin"): the day in the address
// (?date=&technician=), so every step works without JavaScript, as the day or one technician's
// week.

/** The address of a day's view: the whole day, or `technician`'s week. */
const viewLink = (day: string, technician: string | null) =>
  `/scheduleadmin?${new URLSearchParams(technician ? { date: day, technician } : { date: day })}`;

/** 'Date' and 'Get Scheduled Appointments': any day, in the view shown. */
export function DayPicker({ date, week }: { date: string; week: string | null }) {
  return (
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
  );
}

/** 'Day', or a technician's week: the current view marked. */
export function CalendarViews(props: { date: string; week: string | null; technicians: string[] }) {
  const { date, week } = props;
  return (
    <nav aria-label="Calendar views" className="calendar-views">
      <Link to={viewLink(date, null)} aria-current={week ? undefined : "page"}>
        Day
      </Link>
      {props.technicians.map((name) => (
        <Link
          key={name}
          to={viewLink(date, name)}
          aria-current={week === name ? "page" : undefined}
        >
          {name}'s week
        </Link>
      ))}
    </nav>
  );
}

interface DaySummaryProps {
  date: string;
  dateLabel: string;
  today: string;
  week: string | null;
  /** The first column's heading: the week's first day. */
  weekStart: string | undefined;
  count: number;
}

/** The day (or week) shown, how many appointments it has, and the steps before and after it. */
export function DaySummary({ date, dateLabel, today, week, weekStart, count }: DaySummaryProps) {
  const step = week ? 7 : 1;
  const counted = `${count} ${count === 1 ? "appointment" : "appointments"}`;
  return (
    <div className="day-summary">
      <p className="day-summary__text">
        <span className="day-summary__date">
          {week ? `${week}'s week of ${weekStart ?? dateLabel}` : dateLabel}
        </span>
        {!week && date === today ? <span className="day-summary__tag">Today</span> : null}
        <span className="day-summary__count">{counted}</span>
      </p>
      <p className="day-summary__steps">
        <Link
          to={viewLink(addDaysIso(date, -step), week)}
          className="button button--ghost button--small"
        >
          {week ? "Previous week" : "Previous day"}
        </Link>
        <Link
          to={viewLink(addDaysIso(date, step), week)}
          className="button button--ghost button--small"
        >
          {week ? "Next week" : "Next day"}
        </Link>
      </p>
    </div>
  );
}
