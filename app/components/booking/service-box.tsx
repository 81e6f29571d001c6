import type { Weekday } from "~/domain/booking/time-zone";
import type { VisitRequestItem } from "~/domain/booking/visit-request";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";

/** Spec "Schedule" step 3: the chosen service's category, type and description. */
export function ServiceBox({ service }: { service: AppointmentTypeView }) {
  const locale = useLocale();
  return (
    <div className="service-box" aria-live="polite">
      <p className="service-box__category">{service.category}</p>
      <p className="service-box__type">{service.type}</p>
      <p>{service.description}</p>
      <p className="service-box__meta">
        {m.services_minutes({ minutes: service.durationMin }, { locale })} &middot; {service.price}
      </p>
    </div>
  );
}

/** Whether every service and add-on of the visit is offered on `weekday`. */
export function offeredOnWeekday(
  types: readonly AppointmentTypeView[],
  items: readonly VisitRequestItem[],
  weekday: Weekday,
): boolean {
  const offered = (id: string) =>
    types.find((type) => type.id === id)?.daysOfWeek.includes(weekday) ?? false;
  return items.every((item) => offered(item.typeId) && item.addOnIds.every(offered));
}
