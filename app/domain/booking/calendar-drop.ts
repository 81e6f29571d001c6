import { CALENDAR_ROW_MINUTES } from "./calendar";

// Where an appointment dragged on the staff calendar would land (docs/product.md#calendar): the
// row line nearest the block's top edge, so it snaps to the calendar's quarter hours, which are
// the times 'Move' offers. Pure arithmetic, so the drag and its tests agree.

export interface DropInput {
  /** The block's top edge, in pixels from the column's top (the pointer less where it was held). */
  top: number;
  /** The column's height in pixels, from `first` to `last`. */
  height: number;
  /** The calendar's first and last row lines, in wall minutes (whole quarter hours). */
  first: number;
  last: number;
  /** The appointment's length in minutes: it lands inside the calendar. */
  length: number;
}

/** The wall minute the block would start at: a quarter hour inside [first, last - length]. */
export function dropStart({ top, height, first, last, length }: DropInput): number {
  const row = CALENDAR_ROW_MINUTES;
  const minutes = height > 0 ? first + (top / height) * (last - first) : first;
  const snapped = Math.round(minutes / row) * row;
  const latest = Math.max(first, Math.floor((last - length) / row) * row);
  return Math.min(Math.max(snapped, first), latest);
}
