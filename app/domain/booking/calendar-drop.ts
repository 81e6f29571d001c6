import { CALENDAR_ROW_MINUTES } from "./calendar";

// Where an appointment dragged on the staff calendar would land (docs/product.md#calendar): it
// starts at the quarter hour under the pointer (the row a free cell there would book, and the
// times 'Move' offers), whatever part of the block was held. Pure arithmetic, so the drag and its
// tests agree.

interface DropInput {
  /** The pointer, in pixels from the column's top. */
  y: number;
  /** The column's height in pixels, from `first` to `last`. */
  height: number;
  /** The calendar's first and last row lines, in wall minutes (whole quarter hours). */
  first: number;
  last: number;
  /** The appointment's length in minutes: it lands inside the calendar. */
  length: number;
}

/** The wall minute the block would start at: a quarter hour inside [first, last - length]. */
export function dropStart({ y, height, first, last, length }: DropInput): number {
  const row = CALENDAR_ROW_MINUTES;
  const minutes = height > 0 ? first + (y / height) * (last - first) : first;
  // A hair's tolerance: the pointer on a row line, give or take rounding, is in the row below it.
  const under = Math.floor((minutes + 1e-6) / row) * row;
  const latest = Math.max(first, Math.floor((last - length) / row) * row);
  return Math.min(Math.max(under, first), latest);
}
