import { useRef } from "react";
import { Link } from "react-router";
import { PhoneLink } from "~/components/phone-link";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { customerHref } from "~/domain/customer-key";
import { type AppointmentDialog, laterDay, VisitButtons } from "./appointments-table";
import type { AdminAppointmentView } from "./schedule-admin-types";
import { SecureButtons } from "./secure-buttons";
import { StaffDialog } from "./staff-dialog";

interface AppointmentDetailsDialogProps {
  appointment: AdminAppointmentView;
  today: string;
  /** The current instant (ms): an appointment that has started is no longer moved or cancelled. */
  now: number;
  onClose(): void;
  /** Opens one of the appointment's own dialogs (Move, Edit Customer, Cancel) in its place. */
  onAction(dialog: AppointmentDialog): void;
}

/** An appointment opened from the calendar: who, what, when, how to reach them, and its actions. */
export function AppointmentDetailsDialog(props: AppointmentDetailsDialogProps) {
  const { appointment, today } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const upcoming = Date.parse(appointment.startsAt) > props.now;
  const act = (name: AppointmentDialog) => () => props.onAction(name);

  return (
    <StaffDialog
      dialog={dialog}
      titleId="details-title"
      title={appointment.name}
      onClose={props.onClose}
    >
      <dl className="details-list">
        <dt>Service</dt>
        <dd>
          {appointment.category} - {appointment.typeName}
        </dd>
        <dt>When</dt>
        <dd>
          {appointment.dateLabel}, {appointment.startLabel} to {appointment.endLabel}
        </dd>
        <dt>Technician</dt>
        <dd>{appointment.technician}</dd>
        {/* A protected visit's deposit or card, and a no-show fee charged (docs/payments.md). */}
        {appointment.payment ? (
          <>
            <dt>Payment</dt>
            <dd>{appointment.payment}</dd>
          </>
        ) : null}
        {/* Issue 39: a Spanish-speaking customer, whose emails are in Spanish. */}
        {appointment.language === "es" ? (
          <>
            <dt>Language</dt>
            <dd lang="es">Español</dd>
          </>
        ) : null}
        <dt>Phone</dt>
        <dd>
          {appointment.phone ? <PhoneLink phone={appointment.phone} /> : appointment.phoneLabel}
        </dd>
        <dt>Email</dt>
        <dd>
          {appointment.email ? (
            <a href={`mailto:${appointment.email}`}>{appointment.email}</a>
          ) : (
            "No Email"
          )}
        </dd>
      </dl>
      {/* 'Not secured': a protected visit booked at the desk (docs/payments.md#secure-your-booking). */}
      {appointment.securable && upcoming ? <SecureButtons appointment={appointment} /> : null}
      <div className="button-row modal__actions">
        {upcoming ? (
          <button type="button" className="button" onClick={act("move")}>
            Move
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={act("customer")}>
          Edit Customer
        </button>
        {upcoming ? (
          <button type="button" className="button button--ghost" onClick={act("cancel")}>
            Cancel Appointment
          </button>
        ) : null}
        <Link className="button button--ghost" to={customerHref(appointment)}>
          Customer History
        </Link>
      </div>
      {appointment.dateIso <= laterDay(today, salonDateOf(props.now, SALON_TIME_ZONE)) ? (
        <VisitButtons appointment={appointment} date={appointment.dateIso} now={props.now} />
      ) : null}
    </StaffDialog>
  );
}
