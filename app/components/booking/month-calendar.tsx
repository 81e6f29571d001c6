import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { addDaysIso, WEEKDAYS, weekdayOf } from "~/domain/booking/time-zone";
import { type VisitRequestItem, visitParams } from "~/domain/booking/visit-request";
import type { DaysAnswer } from "~/routes/schedule-days";

// The booking form's month (docs/product.md#month-calendar): a grid of the month's days under the
// 'Date' field, closed and past days disabled, and once a service is chosen the days with a free
// time marked. The date picker's grid (WAI-ARIA APG): its column headers name the weekdays, the
// chosen day is selected, the arrows move by day and week, Home/End to the week's ends, Page
// Up/Down by month, within the bookable months; one day is in the tab order. Plain fields still book without JavaScript: this grid is drawn only once
// the island runs.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

type Mark = "closed" | "off" | "free" | "full" | "open";

interface MonthCalendarProps {
  /** The chosen day ("" for none). */
  value: string;
  today: string;
  lastDay: string;
  /** The chosen services: the days with a free time for them are marked. */
  items: readonly VisitRequestItem[];
  onPick(dateIso: string): void;
}

const monthOf = (dateIso: string) => dateIso.slice(0, 7);

/** "2026-12" plus `count` months, as "YYYY-MM". */
function addMonths(month: string, count: number): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const total = year * 12 + (index - 1) + count;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}

/** The same day of another month, or its last day when that month is shorter. */
function sameDayIn(dateIso: string, month: string): string {
  const day = Number(dateIso.slice(8, 10));
  let candidate = `${month}-01`;
  while (Number(candidate.slice(8, 10)) < day) {
    const next = addDaysIso(candidate, 1);
    if (monthOf(next) !== month) break;
    candidate = next;
  }
  return candidate;
}

/** The month's weeks, Monday first; null where a week starts before or ends after the month. */
function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const lead = WEEKDAYS.indexOf(weekdayOf(first));
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; monthOf(day) === month; day = addDaysIso(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Where a key moves the focus from `day`, as in a date picker; undefined for other keys. */
function stepFrom(key: string, day: string): string | undefined {
  const weekday = WEEKDAYS.indexOf(weekdayOf(day));
  switch (key) {
    case "ArrowLeft":
      return addDaysIso(day, -1);
    case "ArrowRight":
      return addDaysIso(day, 1);
    case "ArrowUp":
      return addDaysIso(day, -7);
    case "ArrowDown":
      return addDaysIso(day, 7);
    case "Home":
      return addDaysIso(day, -weekday);
    case "End":
      return addDaysIso(day, 6 - weekday);
    case "PageUp":
      return sameDayIn(day, addMonths(monthOf(day), -1));
    case "PageDown":
      return sameDayIn(day, addMonths(monthOf(day), 1));
    default:
      return undefined;
  }
}

const MARK_TEXT: Record<Mark, string> = {
  closed: "closed",
  off: "not offered this day",
  free: "times free",
  full: "fully booked",
  open: "",
};

export function MonthCalendar({ value, today, lastDay, items, onPick }: MonthCalendarProps) {
  const [month, setMonth] = useState(monthOf(value || today));
  const [focused, setFocused] = useState(value || today);
  const [marks, setMarks] = useState<Record<string, Mark>>({});
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  const search = new URLSearchParams([["month", month], ...visitParams(items)]).toString();
  const searching = items.length > 0;

  // A date chosen elsewhere (typed in the field) shows its month.
  useEffect(() => {
    if (!value) return;
    setMonth(monthOf(value));
    setFocused(value);
  }, [value]);

  useEffect(() => {
    let current = true;
    // Another search's marks would say what is not so: none until this one's come.
    setMarks({});
    fetch(`/schedule/days?${search}`)
      .then((response) => response.json() as Promise<DaysAnswer>)
      .then((answer) => {
        if (current && answer.ok) setMarks(answer.days);
      })
      .catch(() => {}); // offline: the days stay as they were
    return () => {
      current = false;
    };
  }, [search]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const bookable = (day: string) =>
    day >= today && day <= lastDay && marks[day] !== undefined && marks[day] !== "closed";

  function moveTo(wanted: string) {
    // Only within the months that can be booked, as Previous and Next month allow.
    const first = `${monthOf(today)}-01`;
    const day = wanted < first ? first : wanted > lastDay ? lastDay : wanted;
    if (day === focused) {
      grid.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)?.focus();
      return;
    }
    moved.current = true;
    setFocused(day);
    if (monthOf(day) !== month) setMonth(monthOf(day));
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: string) {
    const next = stepFrom(event.key, day);
    if (!next) return;
    event.preventDefault();
    moveTo(next);
  }

  function showMonth(count: number) {
    const next = addMonths(month, count);
    setMonth(next);
    setFocused(sameDayIn(focused, next));
  }

  const [year, index] = month.split("-").map(Number) as [number, number];
  const title = `${MONTHS[index - 1]} ${year}`;
  // The one day in the tab order: the focused one when it is in this month, else the first.
  const tabDay = monthOf(focused) === month ? focused : `${month}-01`;
  return (
    <section className="month" aria-labelledby="month-title">
      <div className="month__head">
        <button
          type="button"
          className="month__nav"
          aria-label="Previous month"
          disabled={month <= monthOf(today)}
          onClick={() => showMonth(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h3 id="month-title" className="month__title" aria-live="polite">
          {title}
        </h3>
        <button
          type="button"
          className="month__nav"
          aria-label="Next month"
          disabled={month >= monthOf(lastDay)}
          onClick={() => showMonth(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the date picker's grid (WAI-ARIA APG): screen readers pass the arrows to it. */}
      <table ref={grid} role="grid" className="month__grid" aria-labelledby="month-title">
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday} scope="col" abbr={weekday}>
                {weekday.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, column) =>
                day ? (
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: in a grid a td is a gridcell, which takes aria-selected.
                  <td key={day} aria-selected={day === value}>
                    <button
                      type="button"
                      data-day={day}
                      data-mark={marks[day] ?? "past"}
                      className="month__day"
                      tabIndex={day === tabDay ? 0 : -1}
                      aria-disabled={!bookable(day) || undefined}
                      aria-current={day === today ? "date" : undefined}
                      aria-label={[
                        `${weekdayOf(day)}, ${MONTHS[index - 1]} ${Number(day.slice(8))}`,
                        marks[day] === undefined
                          ? "not bookable online"
                          : searching || marks[day] === "closed"
                            ? MARK_TEXT[marks[day]]
                            : "",
                      ]
                        .filter(Boolean)
                        .join(", ")}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      onFocus={() => setFocused(day)}
                      onClick={() => {
                        if (bookable(day)) onPick(day);
                      }}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a blank's place in its week is its identity.
                  <td key={`blank-${column}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="month__legend">
        {searching ? (
          <>
            <span className="month__key month__key--free" aria-hidden="true" />
            Times free
            <span className="month__key month__key--full" aria-hidden="true" />
            Fully booked
          </>
        ) : (
          "Choose a service to see which days have times."
        )}
      </p>
    </section>
  );
}
