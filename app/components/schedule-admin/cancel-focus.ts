// Where the focus goes once a cancelled appointment has left the day (docs/product.md#staff-screens).
// Its block or row is gone with it, and the browser would drop the focus on the page's body: it
// goes instead to the next appointment where it was (the same calendar column, or the list), else
// the one before it, else the calendar itself.

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
