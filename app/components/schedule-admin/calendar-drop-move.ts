import { type RefObject, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { SALON_TIME_ZONE, wallTimeResolver } from "~/domain/booking/time-zone";
import { useStaffStatus } from "../staff-status";
import type { CalendarPlace, Lifted } from "./calendar-drag";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { confirmation, useReloadDay } from "./use-action-feedback";

/** Why the last drop was refused (an alert beside the calendar), or null. */
export type DragMessage = string | null;

export interface DropMove {
  /** The block dropped, waiting at its new place for the server's answer. */
  pending: Lifted | null;
  message: DragMessage;
  drop(from: Lifted, target: CalendarPlace): void;
  /** A drop is on its way: no other block lifts meanwhile. */
  busy(): boolean;
  clearMessage(): void;
}

/**
 * A drop on the calendar, sent as the 'Move' dialog sends its form (intent "move": the same
 * checks, the same email). The answer: moved (the day shows it, then the staff pages' status line
 * says so: the 'Move' dialog's own sentence) or refused (the block returns, and the alert says
 * why). `root`: the calendar, where the moved block gets the focus back.
 */
export function useDropMove(root: RefObject<HTMLElement | null>, date: string): DropMove {
  const [pending, setPending] = useState<Lifted | null>(null);
  const [message, setMessage] = useState<DragMessage>(null);
  const move = useFetcher<ScheduleAdminActionResult>();
  const sent = useRef<{ previous: unknown; lifted: Lifted } | null>(null);
  const reloadDay = useReloadDay();
  const status = useStaffStatus();
  const listed = useRef(date);
  listed.current = date;

  useEffect(() => {
    const submission = sent.current;
    if (!submission || move.state !== "idle") return;
    sent.current = null;
    const result = move.data !== submission.previous ? move.data : undefined;
    const day = listed.current;
    if (result?.ok) {
      void reloadDay(result.dateIso ?? day).then(() => {
        setPending(null);
        status.say(confirmation(result, day));
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
  }, [move.state, move.data, reloadDay, status, root]);

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
        technician: target.technician,
        slot: slot.toISOString(),
      },
      { method: "post" },
    );
  }

  return {
    pending,
    message,
    drop,
    busy: () => sent.current !== null,
    clearMessage: () => setMessage(null),
  };
}
