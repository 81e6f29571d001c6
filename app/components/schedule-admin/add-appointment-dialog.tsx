import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { EMAIL_OR_PHONE } from "~/domain/booking/desk-booking-schema";
import { laterIsoDate } from "~/domain/booking/time-zone";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { ActionError } from "./action-error";
import type { BookingStart } from "./appointment-calendar";
import { DeskCustomerFields } from "./desk-customer-fields";
import { DeskVisitFields } from "./desk-visit-fields";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { checkRequired, fieldHelpers, formFieldErrors, StaffDialog } from "./staff-dialog";
import { useActionFeedback } from "./use-action-feedback";
import { type DeskVisit, useDeskVisit } from "./use-desk-visit";

interface AddAppointmentDialogProps {
  types: AppointmentTypeView[];
  /** The listed day: the dialog starts on it (or today, if it has passed). */
  date: string;
  today: string;
  /** A free quarter hour of the calendar: its date, technician and time come filled in. */
  start?: BookingStart | null;
  onClose(): void;
}

/**
 * 'Add Appointment' for a customer who phoned: the same steps, rules and free times as online
 * booking, several services and add-ons included (the server books it with bookVisitRequest,
 * under the same no-overlap constraint; docs/product.md#front-desk).
 */
export function AddAppointmentDialog(props: AddAppointmentDialogProps) {
  const { types, date, today, start, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const choice = useDeskVisit(types, {
    // The listed day, or today once it has passed.
    day: start?.dateIso ?? laterIsoDate(date, today),
    service: "",
    technician: start?.technician ?? "any",
  });
  const [missing, setMissing] = useState<string[]>([]);
  const booking = useFetcher<ScheduleAdminActionResult>();
  const failed = booking.data && !booking.data.ok ? booking.data : undefined;
  // An empty required field says what it needs beside it, not only in a red border.
  const errors = { ...missingMessages(missing), ...formFieldErrors(failed?.fieldErrors) };
  const { attrs, error } = fieldHelpers("add", errors, missing);
  const started = useActionFeedback(booking, {
    date,
    onSuccess: () => dialog.current?.close(),
    onFailure: (result) => {
      // Taken meanwhile: offer what is still free.
      if (result && !result.fieldErrors) choice.loadTimes();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!checkRequired(event, ["date", "service", "slot", "name"], "add", setMissing)) return;
    // Either is enough; neither, and it says so beside them (docs/product.md#front-desk).
    const form = new FormData(event.currentTarget);
    const given = (name: string) => String(form.get(name) ?? "").trim() !== "";
    if (!given("email") && !given("phone")) {
      event.preventDefault();
      setMissing(["contact"]);
      document.getElementById("add-email")?.focus();
      return;
    }
    started();
  }

  return (
    <StaffDialog
      dialog={dialog}
      titleId="add-title"
      title="Add an Appointment"
      size="wide"
      onClose={onClose}
    >
      <p className="modal__service">
        For a customer who phoned. An email or a phone is enough; with an email they get the same
        confirmation and reminder as an online booking.
      </p>
      {start ? (
        <p className="modal__when" role="status">
          {startNote(start, choice)}
        </p>
      ) : null}
      <booking.Form method="post" noValidate onSubmit={onSubmit} className="add-form">
        <DeskVisitFields
          choice={choice}
          today={today}
          attrs={attrs}
          error={error}
          defaultSlot={start?.startsAt}
        />
        <DeskCustomerFields attrs={attrs} error={error} contactError={errors.contact} />
        <ActionError fetcher={booking} />
        <button type="submit" name="intent" value="book" className="button">
          Book Appointment
        </button>
      </booking.Form>
    </StaffDialog>
  );
}

const MISSING: Record<string, string> = {
  date: "Choose the date",
  service: "Choose a service",
  slot: "Choose a time",
  name: "Enter the customer's name",
  contact: EMAIL_OR_PHONE,
};

/** The messages of the required fields left empty at the last try. */
function missingMessages(missing: string[]): Record<string, string> {
  return Object.fromEntries(
    missing.flatMap((name) => (MISSING[name] ? [[name, MISSING[name]]] : [])),
  );
}

/** What became of the calendar's time and technician, as the service is chosen. */
function startNote(start: BookingStart, choice: DeskVisit): string {
  const chosen = `${start.label} with ${start.technician}`;
  if (!choice.selected || choice.day !== start.dateIso) return `${chosen}: choose the service.`;
  if (!choice.selected.technicians.includes(start.technician))
    return `${start.technician} does not perform this service: choose another technician or service.`;
  if (!choice.loaded) return chosen;
  const free = choice.loaded.slots?.some((slot) => slot.startsAt === start.startsAt);
  return free ? chosen : `${start.label} is not free for this service: choose another time.`;
}
