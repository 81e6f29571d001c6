// Why the staff's move or booking was refused, in words (docs/product.md#calendar,
// docs/product.md#front-desk): the 'Move' dialog and a drop on the calendar show the same answer,
// and the calendar reads it out in place; 'Add Appointment' says the same reasons the same way.
import type { UnbookableReason } from "../../domain/booking/slot-check";
import type { StaffMoveResult } from "./move.server";

type Reason = Extract<StaffMoveResult, { kind: "unavailable" }>["reason"];

/** The technician asked for, or undefined for "any" (or none). */
const named = (technician: string | undefined) =>
  technician && technician !== "any" ? technician : undefined;

/** "Not moved: Nina does not perform this service." `technician` is the one asked for ("any": none). */
export function moveRefusal(reason: Reason, technician: string | undefined): string {
  return `Not moved: ${WHY[reason](named(technician))}`;
}

/**
 * "Not booked: that time has passed or is too soon." `several`: a visit of several services or
 * add-ons, whose time or services are said as a whole.
 */
export function bookRefusal(
  reason: UnbookableReason | "no-such-service",
  technician: string | undefined,
  several: boolean,
): string {
  const who = named(technician);
  if (reason === "no-such-service") {
    if (several) {
      return "A service, add-on or technician chosen is not offered together: check the services.";
    }
    return who
      ? `Not booked: ${WHY["not-their-service"](who)}`
      : "That service is no longer offered.";
  }
  if (reason === "taken" && several) {
    return "That time is no longer free for every service of the visit: choose another time.";
  }
  return `Not booked: ${WHY[reason](who)}`;
}

const WHY: Record<Reason, (technician: string | undefined) => string> = {
  taken: (technician) =>
    technician
      ? `${technician} is not free then (booked, or not working).`
      : "no one is free then.",
  "not-their-service": (technician) =>
    `${technician ?? "that technician"} does not perform this service.`,
  "outside-hours": () => "that is outside the service's hours on that day.",
  closed: () => "the salon is closed on that day.",
  "not-on-this-day": () => "this service is not offered on that day.",
  "too-soon": () => "that time has passed or is too soon.",
  "beyond-horizon": () => "that day is beyond the booking horizon.",
  "not-on-step": () => "appointments start on the quarter hour.",
  "no-such-service": () => "its service is no longer on the menu.",
};
