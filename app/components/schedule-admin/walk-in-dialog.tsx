import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { WALK_IN_PHONE } from "~/domain/booking/desk-booking-schema";
import { weekdayOf } from "~/domain/booking/time-zone";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { ActionError } from "./action-error";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { checkRequired, fieldHelpers, StaffDialog } from "./staff-dialog";
import { useActionFeedback } from "./use-action-feedback";

interface WalkInDialogProps {
  types: AppointmentTypeView[];
  /** Today's salon date: a walk-in is booked today, from now on. */
  today: string;
  onClose(): void;
}

/** What an empty required field says beside it. */
const MISSING: Record<string, string> = {
  service: "Choose a service",
  technician: "Choose a technician",
  name: "Enter the customer's name",
  phone: WALK_IN_PHONE,
};

/**
 * 'Walk-in' (docs/product.md#walk-ins): a customer at the desk now, booked with the chosen
 * technician's next free minutes from now on; a name and a phone only. The server finds the time
 * (app/services/appointments/walk-in.server.ts) and says it in the status line.
 */
export function WalkInDialog({ types, today, onClose }: WalkInDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const errors = {
    ...Object.fromEntries(missing.map((name) => [name, MISSING[name] ?? ""])),
    ...failed?.fieldErrors,
  };
  const { attrs, error } = fieldHelpers("walk-in", errors, missing);
  const started = useActionFeedback(fetcher, {
    date: today,
    onSuccess: () => dialog.current?.close(),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const required = ["service", "technician", "name", "phone"];
    if (checkRequired(event, required, "walk-in", setMissing)) started();
  }

  return (
    <StaffDialog dialog={dialog} titleId="walk-in-title" title="Walk-in" onClose={onClose}>
      <p className="modal__service">
        For a customer here now: booked with the technician's next free minutes from now on.
      </p>
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        // A field filled in no longer says it is missing.
        onChange={(event) => {
          const field = event.target as EventTarget;
          if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
          setMissing((current) => current.filter((missed) => missed !== field.name));
        }}
        className="add-form"
      >
        <ServiceAndTechnician types={types} today={today} attrs={attrs} error={error} />
        <div className="field">
          <label htmlFor="walk-in-name">Name</label>
          <input {...attrs("name")} type="text" maxLength={100} autoComplete="off" />
          {error("name")}
        </div>
        <div className="field">
          <label htmlFor="walk-in-phone">Phone</label>
          <input {...attrs("phone")} type="tel" maxLength={30} autoComplete="off" />
          {error("phone")}
        </div>
        <ActionError fetcher={fetcher} />
        <button type="submit" name="intent" value="walk-in" className="button">
          Book Walk-in
        </button>
      </fetcher.Form>
    </StaffDialog>
  );
}

/** 'Service' (today's, add-ons aside) and 'Technician' (the service's). */
function ServiceAndTechnician(props: {
  types: AppointmentTypeView[];
  today: string;
  attrs(name: string): Record<string, unknown> & { id: string };
  error(name: string): ReactNode;
}) {
  const { attrs, error } = props;
  const [service, setService] = useState("");
  const [technician, setTechnician] = useState("");
  const weekday = weekdayOf(props.today);
  const offered = props.types.filter((type) => !type.addOn && type.daysOfWeek.includes(weekday));
  const technicians = offered.find((type) => type.id === service)?.technicians ?? [];
  return (
    <>
      <div className="field">
        <label htmlFor="walk-in-service">Service</label>
        <select
          {...attrs("service")}
          value={service}
          onChange={(event) => {
            setService(event.currentTarget.value);
            setTechnician("");
          }}
        >
          <option value="">{offered.length > 0 ? "Choose a service" : "No services today"}</option>
          {offered.map((type) => (
            <option key={type.id} value={type.id}>
              {`${type.category} - ${type.type}`}
            </option>
          ))}
        </select>
        {error("service")}
      </div>
      <div className="field">
        <label htmlFor="walk-in-technician">Technician</label>
        <select
          {...attrs("technician")}
          value={technician}
          onChange={(event) => setTechnician(event.currentTarget.value)}
        >
          <option value="">Choose a technician</option>
          {technicians.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {error("technician")}
      </div>
    </>
  );
}
