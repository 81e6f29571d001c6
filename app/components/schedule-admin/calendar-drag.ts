import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useRef,
  useState,
} from "react";
import { dropStart } from "~/domain/booking/calendar-drop";
import { formatWallMinutes } from "~/domain/booking/time-zone";
import { type DropMove, useDropMove } from "./calendar-drop-move";
import { useEdgeScroll } from "./calendar-edge-scroll";
import type { AdminAppointmentView } from "./schedule-admin-types";

/** A place on the calendar: a column (its technician and date) and a wall minute in it. */
export interface CalendarPlace {
  key: string;
  technician: string;
  dateIso: string;
  /** How the ghost names the column: "with Lena" (day) or "on Tue, Nov 24" (her week). */
  where: string;
  start: number;
}

/** An appointment lifted from its place: where it would land now (null: off the columns). */
export interface Lifted {
  appointment: AdminAppointmentView;
  from: CalendarPlace;
  length: number;
  target: CalendarPlace | null;
}

interface Press {
  pointerId: number;
  x: number;
  y: number;
  lifted: Lifted;
  dragging: boolean;
}

/** Movement (px) before a press becomes a drag: less is a click, which opens the appointment. */
const DRAG_THRESHOLD = 5;

/** The column under the pointer (`x`, `y`: px in the window), and the quarter hour under it. */
function placeUnder(
  root: HTMLElement | null,
  window: { start: number; end: number } | null,
  point: { x: number; y: number },
  length: number,
): CalendarPlace | null {
  if (!window || !root) return null;
  for (const column of root.querySelectorAll<HTMLElement>("[data-drop-key]")) {
    const box = column.getBoundingClientRect();
    if (point.x < box.left || point.x >= box.right) continue;
    const { dropKey, dropTechnician, dropDate, dropWhere } = column.dataset;
    const start = dropStart({
      y: point.y - box.top,
      height: box.height,
      first: window.start,
      last: window.end,
      length,
    });
    return {
      key: dropKey ?? "",
      technician: dropTechnician ?? "",
      dateIso: dropDate ?? "",
      where: dropWhere ?? "",
      start,
    };
  }
  return null;
}

/** What a block's pointer handlers share with the calendar. */
interface Gesture {
  press: { current: Press | null };
  /** A drag ends in a click on the block; that click opens nothing. */
  swallowClick: { current: boolean };
  lift(lifted: Lifted | null): void;
  placeAt(x: number, y: number, length: number): CalendarPlace | null;
  drops: DropMove;
  /** Scrolls the calendar (or the window) while the pointer is near an edge. */
  edge: { follow(x: number, y: number): void; stop(): void };
}

/** The handlers a draggable block takes (`from`: its place; `length`: its minutes). */
function blockHandlers(
  gesture: Gesture,
  appointment: AdminAppointmentView,
  from: CalendarPlace,
  length: number,
) {
  const { press, swallowClick, lift, placeAt, drops, edge } = gesture;
  const cancel = () => {
    press.current = null;
    edge.stop();
    lift(null);
  };
  return {
    onPointerDown(event: PointerEvent<HTMLButtonElement>) {
      swallowClick.current = false;
      if (event.button !== 0 || event.pointerType === "touch" || drops.busy()) return;
      // Every move comes to the block from now on, however far and fast the pointer goes.
      event.currentTarget.setPointerCapture(event.pointerId);
      const lifted = { appointment, from, length, target: from };
      press.current = {
        pointerId: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        lifted,
        dragging: false,
      };
    },
    onPointerMove(event: PointerEvent<HTMLButtonElement>) {
      const held = press.current;
      if (!held || held.pointerId !== event.pointerId) return;
      const distance = Math.hypot(event.clientX - held.x, event.clientY - held.y);
      if (!held.dragging && distance < DRAG_THRESHOLD) return;
      if (!held.dragging) {
        held.dragging = true;
        drops.clearMessage();
      }
      held.lifted = { ...held.lifted, target: placeAt(event.clientX, event.clientY, length) };
      lift(held.lifted);
      edge.follow(event.clientX, event.clientY);
    },
    onPointerUp(event: PointerEvent<HTMLButtonElement>) {
      const held = press.current;
      if (!held || held.pointerId !== event.pointerId) return;
      cancel();
      if (!held.dragging) return;
      swallowClick.current = true;
      const { target } = held.lifted;
      if (target && (target.key !== from.key || target.start !== from.start)) {
        drops.drop(held.lifted, target);
      }
    },
    onPointerCancel: cancel,
    onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
      if (event.key === "Escape" && press.current?.dragging) {
        event.preventDefault();
        cancel();
        swallowClick.current = true;
      }
    },
  };
}

/**
 * Dragging an appointment to another time or column (docs/product.md#calendar), with the mouse or
 * a pen (touch scrolls). The drop is the 'Move' dialog's own request (calendar-drop-move.ts: the
 * same checks, the same email); until the answer the block waits at its new place, and a refusal
 * brings it back and says why in place. `window`: the calendar's first and last row lines.
 */
export function useCalendarDrag(options: {
  window: { start: number; end: number } | null;
  date: string;
  appointments: AdminAppointmentView[];
}) {
  const root = useRef<HTMLDivElement>(null);
  const press = useRef<Press | null>(null);
  const swallowClick = useRef(false);
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const drops = useDropMove(root, options.date);
  const window = useRef(options.window);
  window.current = options.window;
  const placeAt = useCallback(
    (x: number, y: number, length: number) =>
      placeUnder(root.current, window.current, { x, y }, length),
    [],
  );
  // Scrolled under a still pointer, the calendar has another quarter hour under it.
  const edge = useEdgeScroll(root, (x, y) => {
    const held = press.current;
    if (!held?.dragging) return false;
    held.lifted = { ...held.lifted, target: placeAt(x, y, held.lifted.length) };
    setLifted(held.lifted);
    return true;
  });
  const gesture: Gesture = { press, swallowClick, lift: setLifted, placeAt, drops, edge };

  /**
   * A click after a drag is the drag's end, not a request to open the appointment; a click from
   * the keyboard (no pointer: `detail` 0) always opens it.
   */
  function clickAfterDrag(event: MouseEvent<HTMLButtonElement>): boolean {
    const swallow = swallowClick.current && event.detail !== 0;
    swallowClick.current = false;
    return swallow;
  }

  return {
    root,
    lifted,
    pending: drops.pending,
    message: drops.message,
    handlers: (appointment: AdminAppointmentView, from: CalendarPlace, length: number) =>
      blockHandlers(gesture, appointment, from, length),
    clickAfterDrag,
  };
}

export type CalendarDrag = ReturnType<typeof useCalendarDrag>;

/** "2:15 PM with Lena", "2:15 PM on Tue, Nov 24". */
export const landing = (place: CalendarPlace) => `${formatWallMinutes(place.start)} ${place.where}`;
