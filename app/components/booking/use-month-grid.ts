import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { type VisitRequestItem, visitParams } from "~/domain/booking/visit-request";
import type { DaysAnswer } from "~/routes/schedule-days";
import { addMonths, monthOf, sameDayIn, stepFrom } from "./month-dates";

export type Mark = "closed" | "off" | "free" | "full" | "open";

/**
 * The month shown and the day with the focus, moved as a date picker's grid moves it (WAI-ARIA
 * APG): the arrows by day and week, Home/End to the week's ends, Page Up/Down by month, within
 * the bookable months.
 */
export function useMonthGrid(value: string, today: string, lastDay: string) {
  const [month, setMonth] = useState(monthOf(value || today));
  const [focused, setFocused] = useState(value || today);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  // A date chosen elsewhere (typed in the field) shows its month.
  useEffect(() => {
    if (!value) return;
    setMonth(monthOf(value));
    setFocused(value);
  }, [value]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

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

  return { month, focused, setFocused, grid, onKeyDown, showMonth };
}

/**
 * How long a month or a choice must stay before its marks are asked for: paging through months
 * (or adding a service, then its add-on) asks once, for where the visitor stopped, rather than
 * queueing a listing per month passed on the server.
 */
const SETTLE_MS = 150;

/** The month's days as the server marks them for the chosen services (/schedule/days). */
export function useDayMarks(month: string, items: readonly VisitRequestItem[]) {
  const [marks, setMarks] = useState<Record<string, Mark>>({});
  const search = new URLSearchParams([["month", month], ...visitParams(items)]).toString();

  useEffect(() => {
    const asked = new AbortController();
    // Another search's marks would say what is not so: none until this one's come.
    setMarks({});
    const timer = setTimeout(() => {
      fetch(`/schedule/days?${search}`, { signal: asked.signal })
        .then((response) => response.json() as Promise<DaysAnswer>)
        .then((answer) => {
          if (!asked.signal.aborted && answer.ok) setMarks(answer.days);
        })
        .catch(() => {}); // offline, or no longer wanted: the days stay as they were
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      asked.abort();
    };
  }, [search]);

  return marks;
}
