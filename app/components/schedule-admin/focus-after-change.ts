// Where the focus goes after a change takes away the element that had it
// (docs/product.md#staff-screens); the browser would drop it on the page's body.
// - A cancel takes the appointment's block and row off the day: the focus goes to the next
//   appointment where it was (the same calendar column, or the list), else the one before it, else
//   the calendar itself.
// Either only when the focus is lost: staff who moved on while the day reloaded keep theirs.
// - A move to another column (or day) draws its block anew there: the focus follows it.

/** The appointments to try, nearest first, and where they were (the calendar or the list). */
export interface FocusAfterCancel {
  where: "calendar" | "list";
  ids: string[];
  /** The cancelled appointment's block or row: the focus there goes with it. */
  item: Element | null;
}

/** What to try for the appointment whose block or row `from` is in (read before it goes). */
export function readFocusAfterCancel(from: Element | null): FocusAfterCancel {
  const item = from?.closest(".calendar__item, tr[data-appointment]");
  if (!item) return { where: "calendar", ids: [], item: null };
  const where = item.matches("tr") ? "list" : "calendar";
  const idOf = (element: Element) =>
    (where === "list" ? element : element.querySelector("[data-appointment]"))?.getAttribute(
      "data-appointment",
    ) ?? null;
  const siblings = Array.from(item.parentElement?.children ?? []);
  const at = siblings.indexOf(item);
  const nearest = [...siblings.slice(at + 1), ...siblings.slice(0, at).reverse()];
  return { where, ids: nearest.map(idOf).filter((id): id is string => id !== null), item };
}

/**
 * Whether the focus was lost: on the body, or on an element the change takes away (no longer in
 * the page or no longer drawn, or in `going`: the closed dialog gave it back to the cancelled
 * appointment's block or row).
 */
function focusLost(going: Element | null = null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || going?.contains(active)) return true;
  return !active.isConnected || active.getClientRects().length === 0;
}

/**
 * Moves the focus there, once the day is shown without the cancelled appointment, unless staff
 * have already put it somewhere else while the day reloaded.
 */
export function focusAfterCancel({ where, ids, item }: FocusAfterCancel) {
  if (!focusLost(item)) return;
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
  if (!focusLost()) return;
  document.querySelector<HTMLElement>(`.calendar [data-appointment="${id}"]`)?.focus();
}
