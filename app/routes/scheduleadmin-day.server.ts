// What the schedule's pages share on the server.
import type { VisitPartView } from "~/components/schedule-admin/schedule-admin-types";
import { formatDateString, SALON_TIME_ZONE, zonedDateTime } from "~/domain/booking/time-zone";

/** "Thursday, November 26 2026" for a salon date. */
export const dayLabel = (dateIso: string) =>
  formatDateString(zonedDateTime(dateIso, "12:00", SALON_TIME_ZONE), SALON_TIME_ZONE);

/**
 * For each appointment shown, the services of its visit still to complete, itself among them, in
 * start order, when there are two or more ('Complete Visit' marks them all at once:
 * docs/product.md#prices-and-payments); none for a visit of one.
 */
export function visitParts<
  A extends VisitPartView & { visitId: string; visitStatus: string | null },
>(appointments: readonly A[]): (appointment: A) => VisitPartView[] {
  const open = new Map<string, VisitPartView[]>();
  for (const a of appointments) {
    if (a.visitStatus === "completed") continue;
    const part = {
      id: a.id,
      typeName: a.typeName,
      technician: a.technician,
      startLabel: a.startLabel,
      price: a.price,
      priceCents: a.priceCents,
    };
    open.set(a.visitId, [...(open.get(a.visitId) ?? []), part]);
  }
  return (appointment) => {
    const parts = open.get(appointment.visitId) ?? [];
    return parts.length > 1 && parts.some((part) => part.id === appointment.id) ? parts : [];
  };
}
