// Why the staff's move was refused, in words (docs/product.md#calendar): the 'Move' dialog and a
// drop on the calendar show the same answer, and the calendar reads it out in place.
import type { StaffMoveResult } from "./move.server";

type Reason = Extract<StaffMoveResult, { kind: "unavailable" }>["reason"];

/** "Not moved: Nina does not perform this service." `worker` is the one asked for ("any": none). */
export function moveRefusal(reason: Reason, worker: string | undefined): string {
  const who = worker && worker !== "any" ? worker : undefined;
  return `Not moved: ${WHY[reason](who)}`;
}

const WHY: Record<Reason, (worker: string | undefined) => string> = {
  taken: (worker) =>
    worker ? `${worker} is not free then (booked, or not working).` : "no one is free then.",
  "not-their-service": (worker) => `${worker ?? "that technician"} does not perform this service.`,
  "outside-hours": () => "that is outside the service's hours on that day.",
  closed: () => "the salon is closed on that day.",
  "not-on-this-day": () => "this service is not offered on that day.",
  "too-soon": () => "that time has passed or is too soon.",
  "beyond-horizon": () => "that day is beyond the booking horizon.",
  "not-on-step": () => "appointments start on the quarter hour.",
  "no-such-service": () => "its service is no longer on the menu.",
};
