// Where the focus goes after a change takes away the element that had it
// (docs/product.md#staff-screens); the browser would drop it on the page's body.
// - A cancel takes the appointment's block and row off the day: the focus goes to the next
//   appointment where it was (the same calendar column, or the list), else the one before it, else
//   the calendar itself.
// - A move to another column (or day) draws its block anew there: the focus follows it.

/** The appointments to try, nearest first, and where they were (the calendar or the list). */
export interface FocusAfterCancel {
  where: "calendar" | "list";
  ids: string[];
}

/** What to try for the appointment whose block or row `from` is in (read before it goes). */
export function readFocusAfterCancel(from: Element | null): FocusAfterCancel {
  const item = from?.closest(".calendar__item, tr[data-appointment]");
  if (!item) return { where: "calendar", ids: [] };
  const where = item.matches("tr") ? "list" : "calendar";
  const idOf = (element: Element) =>
    (where === "list" ? element : element.querySelector("[data-appointment]"))?.getAttribute(
      "data-appointment",
    ) ?? null;
  const siblings = Array.from(item.parentElement?.children ?? []);
  const at = siblings.indexOf(item);
  const nearest = [...siblings.slice(at + 1), ...siblings.slice(0, at).reverse()];
  return { where, ids: nearest.map(idOf).filter((id): id is string => id !== null) };
}

/** Moves the focus there, once the day is shown without the cancelled appointment. */
export function focusAfterCancel({ where, ids }: FocusAfterCancel) {
  for (const id of ids) {
    const target =
      where === "calendar"
        ? document.querySelector<HTMLElement>(`.calendar [data-appointment="${id}"]`)
        : document.querySelector<HTMLElement>(`tr[data-appointment="${id}"] a`);
    if (target) {
      target.focus();
      return;
    }
  }
  document.querySelector<HTMLElement>(".calendar-scroll")?.focus();
}

/**
 * Once the day shows the moved appointment (a render with the fresh day): its block has the focus,
 * if the focus was lost with the old one.
 */
export function focusMovedBlock(id: string) {
  if (document.activeElement && document.activeElement !== document.body) return;
  document.querySelector<HTMLElement>(`.calendar [data-appointment="${id}"]`)?.focus();
}
