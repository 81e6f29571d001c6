import { useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { isIsoDate, weekdayOf } from "~/domain/booking/time-zone";
import { visitParams } from "~/domain/booking/visit-request";
import type { StaffTimesAnswer } from "~/services/appointments/staff-times.server";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { type ExtraLine, visitItems } from "../booking/visit-fields";
import { techniciansFor } from "../booking/visit-total";

interface DeskVisitStart {
  day: string;
  service: string;
  technician: string;
}

/**
 * The date, services, add-ons, technicians and free time of the front desk's 'Add Appointment'
 * (docs/product.md#front-desk): a visit chosen as online (docs/product.md#visits), its free
 * times asked of /scheduleadmin/times with the visit's services in online booking's parameters.
 */
export function useDeskVisit(types: AppointmentTypeView[], start: DeskVisitStart) {
  const [day, setDay] = useState(start.day);
  const [service, setService] = useState(start.service);
  const [technician, setTechnician] = useState(start.technician);
  const [addOnIds, setAddOnIds] = useState<string[]>([]);
  const [extra, setExtra] = useState<ExtraLine[]>([]);
  const offered = useMemo(() => {
    if (!isIsoDate(day)) return [];
    const weekday = weekdayOf(day);
    return types.filter((type) => type.daysOfWeek.includes(weekday));
  }, [day, types]);
  const selected = offered.find((type) => type.id === service);
  const items = visitItems(service, technician, addOnIds, extra);
  const key = `${day}|${JSON.stringify(items)}`;
  // One fetcher per choice: its data is that choice's times, never an earlier choice's answer
  // arriving late, and loading the same choice again keeps its list shown meanwhile.
  const times = useFetcher<StaffTimesAnswer>({ key: `desk-times|${key}` });
  const loaded = listedTimes(times.data);

  function loadTimes() {
    if (!isIsoDate(day) || items.length === 0) return;
    const query = new URLSearchParams([["date", day], ...visitParams(items)]);
    times.load(`/scheduleadmin/times?${query}`);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: load again when the choice changes.
  useEffect(loadTimes, [key]);

  return {
    day,
    service,
    technician,
    addOnIds,
    extra,
    offered,
    selected,
    /** Technicians who do the first service and every add-on chosen with it. */
    technicians: techniciansFor(selected, addOnIds, types),
    key,
    loaded,
    loadTimes,
    chooseDay(value: string) {
      setDay(value);
      setService("");
      setTechnician("any");
      setAddOnIds([]);
      setExtra([]);
    },
    chooseService(value: string) {
      setService(value);
      setAddOnIds([]);
      // The technician chosen stays, if she performs the new service too.
      const technicians = types.find((type) => type.id === value)?.technicians ?? [];
      setTechnician((current) => (technicians.includes(current) ? current : "any"));
    },
    chooseTechnician: setTechnician,
    chooseAddOns(value: string[]) {
      setAddOnIds(value);
      // Add-ons are done by the service's technician: one who does not do them all is let go.
      if (!techniciansFor(selected, value, types).includes(technician)) setTechnician("any");
    },
    setExtra,
  };
}

export type DeskVisit = ReturnType<typeof useDeskVisit>;

/** The answer as the fields show it: the times, or why there are none. */
function listedTimes(answer: StaffTimesAnswer | undefined) {
  if (!answer) return null;
  return answer.ok ? { slots: answer.slots, error: null } : { slots: null, error: answer.error };
}
