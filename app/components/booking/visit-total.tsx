import { addPrices, formatMinutes, type VisitRequestItem } from "~/domain/booking/visit-request";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";

/**
 * The visit's running total (issue 29): its services and add-ons, their prices and time added
 * up, on screen before a time is picked. A polite live region, present while empty, so a screen
 * reader hears each change. The time is the services' own: done side by side, a visit can take
 * less, which the chosen time's dialog says.
 */
export function VisitTotal({
  types,
  items,
}: {
  types: readonly AppointmentTypeView[];
  items: readonly VisitRequestItem[];
}) {
  const parts = items
    .flatMap((item) => [item.typeId, ...item.addOnIds])
    .map((id) => types.find((type) => type.id === id))
    .filter((type): type is AppointmentTypeView => type !== undefined);
  const price = addPrices(parts.map((part) => part.price));
  const minutes = parts.reduce((sum, part) => sum + part.durationMin, 0);
  const locale = useLocale();
  return (
    <p className="visit-total" aria-live="polite">
      {parts.length > 0
        ? m.booking_total(
            { total: `${price ? `${price} · ` : ""}${formatMinutes(minutes)}` },
            { locale },
          )
        : null}
    </p>
  );
}

/** The technicians who do a service and every add-on chosen with it (all of the service's when none does). */
export function techniciansFor(
  service: AppointmentTypeView | undefined,
  addOnIds: readonly string[],
  types: readonly AppointmentTypeView[],
): string[] {
  if (!service) return [];
  const doAll = service.technicians.filter((technician) =>
    addOnIds.every(
      (id) => types.find((type) => type.id === id)?.technicians.includes(technician) ?? true,
    ),
  );
  return doAll.length > 0 ? doAll : service.technicians;
}
