import type { KeyboardEvent } from "react";
import { WEEKDAYS, weekdayOf } from "~/domain/booking/time-zone";
import type { VisitRequestItem } from "~/domain/booking/visit-request";
import { spanishDay, spanishMonthTitle, weekdayNameIn } from "~/domain/i18n/dates";
import type { Locale } from "~/domain/i18n/locale";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import { MONTHS, monthOf, weeksOf } from "./month-dates";
import { type Mark, useDayMarks, useMonthGrid } from "./use-month-grid";

// The booking form's month (docs/product.md#month-calendar): a grid of the month's days under the
// 'Date' field, closed and past days disabled, and once a service is chosen the days with a free
// time marked. The date picker's grid (WAI-ARIA APG): its column headers name the weekdays, the
// chosen day is selected, the arrows move by day and week, Home/End to the week's ends, Page
// Up/Down by month, within the bookable months; one day is in the tab order. The server draws the
// month too, so nothing below it moves when the island runs (Lighthouse counted that shift); it
// becomes the grid (its role, its keys, its picks) once the island runs. Without JavaScript the
// form around it is hidden and the plain fields book (plain-search.tsx).

interface MonthCalendarProps {
  /** The chosen day ("" for none). */
  value: string;
  today: string;
  lastDay: string;
  /** The chosen services: the days with a free time for them are marked. */
  items: readonly VisitRequestItem[];
  onPick(dateIso: string): void;
  /** The island runs: the table is the date picker's grid. */
  interactive: boolean;
}

const MARK_TEXT: Record<Mark, ((inputs: object, options: { locale: Locale }) => string) | null> = {
  closed: m.month_closed,
  off: m.month_off,
  free: m.month_free,
  full: m.month_full,
  open: null,
};

export function MonthCalendar(props: MonthCalendarProps) {
  const { value, today, lastDay, items, onPick, interactive } = props;
  const { month, focused, setFocused, grid, onKeyDown, showMonth } = useMonthGrid(
    value,
    today,
    lastDay,
  );
  const marks = useDayMarks(month, items);
  const locale = useLocale();
  const searching = items.length > 0;

  const bookable = (day: string) =>
    day >= today && day <= lastDay && marks[day] !== undefined && marks[day] !== "closed";

  // The one day in the tab order: the focused one when it is in this month, else the first.
  const tabDay = monthOf(focused) === month ? focused : `${month}-01`;
  return (
    <section className="month" aria-labelledby="month-title">
      <MonthHead month={month} today={today} lastDay={lastDay} onShow={showMonth} />
      {/* The date picker's grid (WAI-ARIA APG): screen readers pass the arrows to it. */}
      <table
        ref={grid}
        role={interactive ? "grid" : undefined}
        className="month__grid"
        aria-labelledby="month-title"
      >
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday} scope="col" abbr={weekdayNameIn(weekday, locale)}>
                {weekdayNameIn(weekday, locale).slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, column) =>
                day ? (
                  <DayCell
                    key={day}
                    day={day}
                    mark={marks[day]}
                    selected={interactive ? day === value : undefined}
                    today={day === today}
                    tabbable={day === tabDay}
                    bookable={bookable(day)}
                    searching={searching}
                    onKeyDown={(event) => onKeyDown(event, day)}
                    onFocus={() => setFocused(day)}
                    onClick={() => {
                      if (bookable(day)) onPick(day);
                    }}
                  />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a blank's place in its week is its identity.
                  <td key={`blank-${column}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <MonthLegend searching={searching} />
    </section>
  );
}

/** The month's name between 'Previous month' and 'Next month', within the bookable months. */
function MonthHead(props: {
  month: string;
  today: string;
  lastDay: string;
  onShow(count: number): void;
}) {
  const { month, onShow } = props;
  const [year, index] = month.split("-").map(Number) as [number, number];
  const locale = useLocale();
  return (
    <div className="month__head">
      <button
        type="button"
        className="month__nav"
        aria-label={m.month_previous({}, { locale })}
        disabled={month <= monthOf(props.today)}
        onClick={() => onShow(-1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <h3 id="month-title" className="month__title" aria-live="polite">
        {locale === "es" ? spanishMonthTitle(month) : `${MONTHS[index - 1]} ${year}`}
      </h3>
      <button
        type="button"
        className="month__nav"
        aria-label={m.month_next({}, { locale })}
        disabled={month >= monthOf(props.lastDay)}
        onClick={() => onShow(1)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

interface DayCellProps {
  day: string;
  /** The server's mark; none for a day that cannot be booked online (past, too far). */
  mark: Mark | undefined;
  /** Whether it is the chosen day, once the table is a grid (a plain table's cell has no such state). */
  selected: boolean | undefined;
  today: boolean;
  tabbable: boolean;
  bookable: boolean;
  /** Services are chosen: a day's label says whether it has times. */
  searching: boolean;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
  onFocus(): void;
  onClick(): void;
}

/** One day of the grid: a button named by its date and what its mark means. */
function DayCell({
  day,
  mark,
  selected,
  today,
  tabbable,
  bookable,
  searching,
  ...on
}: DayCellProps) {
  const locale = useLocale();
  const markText = (mark && MARK_TEXT[mark]?.({}, { locale })) ?? "";
  const label = [
    locale === "es"
      ? spanishDay(day)
      : `${weekdayOf(day)}, ${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8))}`,
    mark === undefined
      ? m.month_not_bookable({}, { locale })
      : searching || mark === "closed"
        ? markText
        : "",
  ]
    .filter(Boolean)
    .join(", ");
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: in a grid a td is a gridcell, which takes aria-selected.
    <td aria-selected={selected}>
      <button
        type="button"
        data-day={day}
        data-mark={mark ?? "past"}
        className="month__day"
        tabIndex={tabbable ? 0 : -1}
        aria-disabled={!bookable || undefined}
        aria-current={today ? "date" : undefined}
        aria-label={label}
        onKeyDown={on.onKeyDown}
        onFocus={on.onFocus}
        onClick={on.onClick}
      >
        {Number(day.slice(8))}
      </button>
    </td>
  );
}

function MonthLegend({ searching }: { searching: boolean }) {
  const locale = useLocale();
  return (
    <p className="month__legend">
      {searching ? (
        <>
          <span className="month__key month__key--free" aria-hidden="true" />
          {m.month_legend_free({}, { locale })}
          <span className="month__key month__key--full" aria-hidden="true" />
          {m.month_legend_full({}, { locale })}
        </>
      ) : (
        m.month_choose_service({}, { locale })
      )}
    </p>
  );
}
