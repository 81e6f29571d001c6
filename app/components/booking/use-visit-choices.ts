import { useMemo, useState } from "react";
import { flushSync } from "react-dom";
import { isIsoDate, weekdayOf } from "~/domain/booking/time-zone";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import type { BookingPageData } from "./booking-types";
import { offeredOnWeekday } from "./service-box";
import { type ExtraLine, visitItems } from "./visit-fields";
import { techniciansFor } from "./visit-total";

/** The technician choice that lets the server assign whoever is free. */
export const ANY = "any";

export type VisitChoicesState = ReturnType<typeof useVisitChoices>;

/**
 * Spec "Schedule" steps 1 to 4: the date, category, service, technician and the visit's other parts
 * as the visitor changes them, what the day offers, and the visit as the address would carry it.
 * `clearChosen` lets a chosen time go when the day changes under it.
 */
export function useVisitChoices(data: BookingPageData, clearChosen: () => void) {
  const { types, query } = data;
  const [date, setDate] = useState(query.date);
  const [category, setCategory] = useState(query.category);
  const [service, setService] = useState(query.service);
  const [technician, setTechnician] = useState(query.technician || ANY);
  // A visit (docs/product.md#visits): the first service's add-ons, and the other services.
  const [addOnIds, setAddOnIds] = useState(data.items[0]?.addOnIds ?? []);
  const [extra, setExtra] = useState<ExtraLine[]>(() =>
    data.items.slice(1).map((item) => ({
      service: item.typeId,
      technician: item.technician,
      addOnIds: item.addOnIds,
    })),
  );

  const offer = useDayOffer(types, date, category, service);
  const items = visitItems(service, technician, addOnIds, extra);

  // Spec section 4: a new date clears the category, service, technician and times.
  const clearServices = () => {
    setCategory("");
    setService("");
    setTechnician(ANY);
    setAddOnIds([]);
    setExtra([]);
  };
  const { chooseDate, pickDay } = useDateChoice({
    types,
    items,
    date,
    service,
    setDate,
    clearChosen,
    clearServices,
  });

  function chooseCategory(value: string) {
    setCategory(value);
    setService("");
    setTechnician(ANY);
    setAddOnIds([]);
  }

  /** Add-ons are done by the service's technician: one who does not do them all is let go. */
  function chooseAddOns(value: string[]) {
    setAddOnIds(value);
    const selected = types.find((type) => type.id === service);
    if (technician !== ANY && !techniciansFor(selected, value, types).includes(technician))
      setTechnician(ANY);
  }

  function chooseService(value: string) {
    setService(value);
    setTechnician(ANY);
    setAddOnIds([]);
  }

  return {
    date,
    category,
    service,
    technician,
    addOnIds,
    extra,
    ...offer,
    items,
    chooseDate,
    pickDay,
    chooseCategory,
    chooseService,
    setTechnician,
    setAddOnIds: chooseAddOns,
    setExtra,
  };
}

/**
 * Choosing the date, typed or picked in the month grid. Service first (issue 29): the first date
 * keeps the services chosen before it when that weekday offers them all; any other new date
 * clears them (spec section 4).
 */
function useDateChoice(choice: {
  types: readonly AppointmentTypeView[];
  items: ReturnType<typeof visitItems>;
  date: string;
  service: string;
  setDate(value: string): void;
  clearChosen(): void;
  clearServices(): void;
}) {
  const { types, items, date, service, setDate, clearChosen, clearServices } = choice;
  function chooseDate(value: string) {
    if (!isIsoDate(date) && isIsoDate(value) && service) {
      if (offeredOnWeekday(types, items, weekdayOf(value))) {
        setDate(value);
        clearChosen();
        return;
      }
    }
    setDate(value);
    clearServices();
    clearChosen();
  }

  /**
   * A day picked in the month grid keeps the chosen services when they are all offered that
   * weekday (the grid marked it for them): true, and its times are to be listed at once (the
   * state is already rendered). Otherwise it is a new date, as typed: false.
   */
  function pickDay(value: string): boolean {
    if (!service || !offeredOnWeekday(types, items, weekdayOf(value))) {
      chooseDate(value);
      return false;
    }
    flushSync(() => {
      setDate(value);
      clearChosen();
    });
    return true;
  }
  return { chooseDate, pickDay };
}

/**
 * What the date offers: its services, their categories, those of the chosen category. Before a
 * date, every service (issue 29: the service may come first; the month then marks its days).
 */
function useDayOffer(
  types: readonly AppointmentTypeView[],
  date: string,
  category: string,
  service: string,
) {
  const offered = useMemo(() => {
    if (!isIsoDate(date)) return [...types];
    const weekday = weekdayOf(date);
    return types.filter((type) => type.daysOfWeek.includes(weekday));
  }, [date, types]);
  return {
    offered,
    categories: [...new Set(offered.map((type) => type.category))],
    services: offered.filter((type) => type.category === category),
    selected: types.find((type) => type.id === service),
  };
}
