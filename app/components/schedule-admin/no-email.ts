import type { AdminAppointmentView } from "./schedule-admin-types";

/**
 * What the front desk's dialogs say of a customer booked without an email (issue 38: nothing
 * promises an email to a customer without one; docs/product.md#front-desk): none is sent, so the
 * desk calls. "Dora Lee has no email, so none is sent: call (312) 555-0142 to give the new time."
 */
export function noEmail(
  appointment: Pick<AdminAppointmentView, "name" | "phone" | "phoneLabel">,
  /** What the call is for: "give the new time", "say it is cancelled". */
  purpose: string,
): string {
  const call = appointment.phone ? `call ${appointment.phoneLabel}` : "call";
  return `${appointment.name} has no email, so none is sent: ${call} to ${purpose}.`;
}
