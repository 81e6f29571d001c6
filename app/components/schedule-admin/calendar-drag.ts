import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useFetcher } from "react-router";
import { dropStart } from "~/domain/booking/calendar-drop";
import { formatWallMinutes, SALON_TIME_ZONE, wallTimeResolver } from "~/domain/booking/time-zone";
import { useStaffStatus } from "../staff-status";
import type { AdminAppointmentView, ScheduleAdminActionResult } from "./schedule-admin-types";
import { confirmation, useReloadDay } from "./use-action-feedback";

/** A place on the calendar: a column (its technician and date) and a wall minute in it. */
export interface CalendarPlace {
  key: string;
  worker: string;
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

/** Why the last drop was refused (an alert beside the calendar), or null. */
export type DragMessage = string | null;

interface Press {
  pointerId: number;
  x: number;
  y: number;
  lifted: Lifted;
  dragging: boolean;
}

/** Movement (px) before a press becomes a drag: less is a click, which opens the appointment. */
const DRAG_THRESHOLD = 5;

/**
 * Dragging an appointment to another time or column (docs/product.md#calendar), with the mouse or
 * a pen (touch scrolls). The drop is the 'Move' dialog's own request (intent "move": the same
 * checks, the same email); until the answer the block waits at its new place, and a refusal
 * brings it back and says why in place. `window`: the calendar's first and last row lines.
 */
export function useCalendarDrag(options: {
  window: { start: number; end: number } | null;
  date: string;
  appointments: AdminAppointmentView[];
}) {
  const root = useRef<HTMLDivElement>(null);
  const press = useRef<Press | null>(null);
  // A drag ends in a click on the block; that click opens nothing.
  const swallowClick = useRef(false);
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [pending, setPending] = useState<Lifted | null>(null);
  const [message, setMessage] = useState<DragMessage>(null);
  const move = useFetcher<ScheduleAdminActionResult>();
  const sent = useRef<{ previous: unknown; lifted: Lifted } | null>(null);
  const reloadDay = useReloadDay();
  const status = useStaffStatus();
  const latest = useRef(options);
  latest.current = options;

  /** The column under the pointer (`x`, `y`: px in the window), and the quarter hour under it. */
  const placeAt = useCallback((x: number, y: number, length: number): CalendarPlace | null => {
    const window = latest.current.window;
    if (!window || !root.current) return null;
    for (const column of root.current.querySelectorAll<HTMLElement>("[data-drop-key]")) {
      const box = column.getBoundingClientRect();
      if (x < box.left || x >= box.right) continue;
      const { dropKey, dropWorker, dropDate, dropWhere } = column.dataset;
      const start = dropStart({
        y: y - box.top,
        height: box.height,
        first: window.start,
        last: window.end,
        length,
      });
      return {
        key: dropKey ?? "",
        worker: dropWorker ?? "",
        dateIso: dropDate ?? "",
        where: dropWhere ?? "",
        start,
      };
    }
    return null;
  }, []);

  const cancel = useCallback(() => {
    press.current = null;
    setLifted(null);
  }, []);

  /** Sends the drop as 'Move' sends its form. */
  function drop(from: Lifted, target: CalendarPlace) {
    const { appointment } = from;
    const slot = new Date(wallTimeResolver(target.dateIso, SALON_TIME_ZONE)(target.start).ms);
    sent.current = { previous: move.data, lifted: { ...from, target } };
    setPending({ ...from, target });
    setMessage(null);
    void move.submit(
      {
        intent: "move",
        id: appointment.id,
        date: target.dateIso,
        service: appointment.typeId ?? "",
        worker: target.worker,
        slot: slot.toISOString(),
      },
      { method: "post" },
    );
  }

  // The answer: moved (the day shows it, then the staff pages' status line says so: the 'Move'
  // dialog's own sentence) or refused (the block returns, and the alert says why).
  useEffect(() => {
    const submission = sent.current;
    if (!submission || move.state !== "idle") return;
    sent.current = null;
    const result = move.data !== submission.previous ? move.data : undefined;
    const { date } = latest.current;
    if (result?.ok) {
      void reloadDay(result.dateIso ?? date).then(() => {
        setPending(null);
        status.say(confirmation(result, date));
        // The block held had the focus; at its new place it is another button: it gets it back.
        const lost = document.activeElement === document.body || !document.activeElement;
        const id = CSS.escape(submission.lifted.appointment.id);
        const moved = root.current?.querySelector<HTMLElement>(`[data-appointment="${id}"]`);
        if (lost) moved?.focus({ preventScroll: true });
      });
      return;
    }
    setPending(null);
    const failed = result && !result.ok ? result : undefined;
    const why = failed?.fieldErrors ? Object.values(failed.fieldErrors)[0] : undefined;
    setMessage(
      why
        ? `Not moved: ${why}`
        : (failed?.message ?? "Not moved: the server did not answer. Please try again."),
    );
  }, [move.state, move.data, reloadDay, status]);

  /** The handlers a draggable block takes (`from`: its place; `length`: its minutes). */
  function handlers(appointment: AdminAppointmentView, from: CalendarPlace, length: number) {
    return {
      onPointerDown(event: PointerEvent<HTMLButtonElement>) {
        swallowClick.current = false;
        if (event.button !== 0 || event.pointerType === "touch" || sent.current) return;
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
          setMessage(null);
        }
        held.lifted = {
          ...held.lifted,
          target: placeAt(event.clientX, event.clientY, length),
        };
        setLifted(held.lifted);
      },
      onPointerUp(event: PointerEvent<HTMLButtonElement>) {
        const held = press.current;
        if (!held || held.pointerId !== event.pointerId) return;
        cancel();
        if (!held.dragging) return;
        swallowClick.current = true;
        const { target } = held.lifted;
        if (target && (target.key !== from.key || target.start !== from.start)) {
          drop(held.lifted, target);
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
   * A click after a drag is the drag's end, not a request to open the appointment; a click from
   * the keyboard (no pointer: `detail` 0) always opens it.
   */
  function clickAfterDrag(event: MouseEvent<HTMLButtonElement>): boolean {
    const swallow = swallowClick.current && event.detail !== 0;
    swallowClick.current = false;
    return swallow;
  }

  return { root, lifted, pending, message, handlers, clickAfterDrag };
}

export type CalendarDrag = ReturnType<typeof useCalendarDrag>;

/** "2:15 PM with Lena", "2:15 PM on Tue, Nov 24". */
export const landing = (place: CalendarPlace) => `${formatWallMinutes(place.start)} ${place.where}`;
