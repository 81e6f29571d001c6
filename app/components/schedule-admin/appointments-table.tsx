import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { LanguageTag } from "~/components/language-tag";
import { PhoneLink } from "~/components/phone-link";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { customerHref } from "~/domain/customer-key";
import { formatCents } from "~/domain/money";
import type { VisitStatus } from "~/services/db/schema.server";
import { ActionError } from "./action-error";
import { CompleteDialog, PaymentLine } from "./complete-dialog";
import { FeeRefundButton } from "./fee-refund-dialog";
import { RowActionsMenu, type RowMenuAction } from "./row-actions-menu";
import type { AdminAppointmentView, ScheduleAdminActionResult } from "./schedule-admin-types";
import { useActionFeedback } from "./use-action-feedback";

/** The visit marks, as the list names them. */
export const VISIT_LABELS: Record<VisitStatus, string> = {
  arrived: "Arrived",
  completed: "Completed",
  no_show: "No-show",
};

export type AppointmentDialog = "cancel" | "move" | "customer";

interface AppointmentsTableProps {
  appointments: AdminAppointmentView[];
  date: string;
  dateLabel: string;
  today: string;
  now: number;
  onOpen(dialog: AppointmentDialog, appointment: AdminAppointmentView): void;
}

/**
 * Spec "Schedule admin": the day's booked appointments in start order, upcoming ones set apart
 * from past ones, each with its actions.
 */
export function AppointmentsTable(props: AppointmentsTableProps) {
  const { appointments, date, dateLabel, now } = props;
  // The marks come with the appointment's day on the salon's clock, which ticks on (past midnight).
  const today = laterDay(props.today, salonDateOf(now, SALON_TIME_ZONE));
  return (
    <div className="table-scroll">
      <table className="data-table appointments-table cards-on-phone">
        <caption className="visually-hidden">Appointments on {dateLabel}, in start order</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Phone</th>
            <th scope="col">Start</th>
            <th scope="col">Worker</th>
            <th scope="col">
              <span className="visually-hidden">Status</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {appointments.map((appointment) => (
            <AppointmentRow
              key={appointment.id}
              appointment={appointment}
              upcoming={Date.parse(appointment.startsAt) > now}
              date={date}
              today={today}
              now={now}
              onOpen={(dialog) => props.onOpen(dialog, appointment)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface AppointmentRowProps {
  appointment: AdminAppointmentView;
  /** Not begun yet: it can still be moved or cancelled. */
  upcoming: boolean;
  date: string;
  today: string;
  now: number;
  onOpen(dialog: AppointmentDialog): void;
}

/** One appointment: who, what, when and with whom, then its actions and visit marks. */
function AppointmentRow({ appointment, upcoming, date, today, now, onOpen }: AppointmentRowProps) {
  return (
    <tr
      className={upcoming ? "appointment--upcoming" : "appointment--past"}
      data-appointment={appointment.id}
    >
      <td>
        <Link to={customerHref(appointment)}>{appointment.name}</Link>
        <LanguageTag language={appointment.language} />
      </td>
      <td>
        {appointment.typeName}
        <PaymentOrPending appointment={appointment} />
      </td>
      <td>
        {appointment.phone ? (
          <PhoneLink phone={appointment.phone} />
        ) : (
          <span className="appointments-table__none">{appointment.phoneLabel}</span>
        )}
      </td>
      <td className="appointments-table__start">{appointment.startLabel}</td>
      <td>{appointment.technician}</td>
      <td className="appointments-table__status">
        <span className="visually-hidden">{upcoming ? "Upcoming" : "Past"}</span>
        {/* One line (issue 38): the visit marks, then the row's other actions in a menu. */}
        <div className="appointment-actions">
          {appointment.dateIso <= today ? (
            <VisitButtons appointment={appointment} date={date} now={now} />
          ) : null}
          <RowActionsMenu actions={rowActions(appointment, upcoming, onOpen)}>
            Actions
            <span className="visually-hidden">{` for ${whose(appointment)}`}</span>
          </RowActionsMenu>
        </div>
      </td>
    </tr>
  );
}

/** "Ana's 10:00 AM appointment": what a row's actions act on, for a screen reader. */
const whose = (appointment: AdminAppointmentView) =>
  `${appointment.name}'s ${appointment.startLabel} appointment`;

/**
 * A row's menu: 'Move' and 'Cancel' until it begins, 'Edit Customer' always, each named for the
 * appointment it acts on ("Move Ana's 10:00 AM appointment").
 */
function rowActions(
  appointment: AdminAppointmentView,
  upcoming: boolean,
  onOpen: (dialog: AppointmentDialog) => void,
): RowMenuAction[] {
  const hidden = ` ${whose(appointment)}`;
  const all: (RowMenuAction | null)[] = [
    upcoming ? { label: "Move", hidden, onSelect: () => onOpen("move") } : null,
    { label: "Edit Customer", hidden, onSelect: () => onOpen("customer") },
    upcoming ? { label: "Cancel", hidden, onSelect: () => onOpen("cancel") } : null,
  ];
  return all.filter((action): action is RowMenuAction => action !== null);
}

/**
 * 'Arrived', 'Completed', 'No-show': what happened, from the appointment's day on; 'No-show' only
 * from its start (docs/product.md#calendar; the server refuses it before too). The mark that is set
 * shows pressed; pressing it again clears it.
 */
export function VisitButtons({
  appointment,
  date,
  now,
}: {
  appointment: AdminAppointmentView;
  date: string;
  /** The current instant (ms), ticking. */
  now: number;
}) {
  const begun = Date.parse(appointment.startsAt) <= now;
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const started = useActionFeedback(fetcher, { date });
  // 'Completed' asks what was charged and tipped first (docs/product.md#prices-and-payments).
  const [paying, setPaying] = useState<"complete" | "correct" | null>(null);
  return (
    <>
      <fetcher.Form method="post" onSubmit={started} className="row-actions visit-buttons">
        <input type="hidden" name="intent" value="visit" />
        <input type="hidden" name="id" value={appointment.id} />
        {(Object.keys(VISIT_LABELS) as VisitStatus[]).map((status) => {
          const pressed = appointment.visitStatus === status;
          if (status === "no_show" && !begun && !pressed) return null;
          const asks = status === "completed" && !pressed;
          return (
            <button
              key={status}
              type={asks ? "button" : "submit"}
              onClick={asks ? () => setPaying("complete") : undefined}
              name="status"
              value={pressed ? "clear" : status}
              aria-pressed={pressed}
              className="button button--ghost button--small"
            >
              {VISIT_LABELS[status]}
              <span className="visually-hidden">
                {` ${appointment.name}'s ${appointment.startLabel} appointment`}
              </span>
            </button>
          );
        })}
        <ActionError fetcher={fetcher} />
      </fetcher.Form>
      {appointment.noShowFeeCents !== null ? (
        <NoShowFeeButton appointment={appointment} fee={appointment.noShowFeeCents} date={date} />
      ) : null}
      {appointment.feeRefundCents !== null ? (
        <FeeRefundButton appointment={appointment} cents={appointment.feeRefundCents} date={date} />
      ) : null}
      <PaymentLine appointment={appointment} onEdit={() => setPaying("correct")} />
      {paying ? (
        <CompleteDialog
          appointment={appointment}
          date={date}
          correcting={paying === "correct"}
          onClose={() => setPaying(null)}
        />
      ) : null}
    </>
  );
}

/**
 * 'Charge No-show Fee ($X)' (docs/payments.md#no-show-fee): the card saved at booking charged
 * the policy's fee less the deposit. Pressed once: it waits for Stripe's answer (the server
 * charges one PaymentIntent however often it is sent); a decline says why beside it.
 */
function NoShowFeeButton(props: { appointment: AdminAppointmentView; fee: number; date: string }) {
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const started = useActionFeedback(fetcher, { date: props.date });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => (busy ? event.preventDefault() : started())}
      className="row-actions no-show-fee"
    >
      <input type="hidden" name="intent" value="charge-no-show" />
      <input type="hidden" name="id" value={props.appointment.id} />
      <button type="submit" className="button button--small" aria-disabled={busy}>
        {`Charge No-show Fee (${formatCents(props.fee)})`}
        <span className="visually-hidden">{` to ${props.appointment.name}'s card`}</span>
      </button>
      <ActionError fetcher={fetcher} />
    </fetcher.Form>
  );
}

/** The later of two salon dates ("YYYY-MM-DD" sorts as it reads). */
export const laterDay = (a: string, b: string) => (a > b ? a : b);

/** An online booking kept for the customer to confirm by email (docs/product.md#pending-bookings). */
export function PendingBadge() {
  return <span className="badge badge--pending">Pending confirmation</span>;
}

/**
 * A protected visit's payment (docs/payments.md#booking): 'Deposit $X paid', 'Card on file', or
 * 'Awaiting payment' (kept while Checkout is open) in place of 'Pending confirmation'.
 */
export function PaymentOrPending({ appointment }: { appointment: AdminAppointmentView }) {
  if (appointment.payment) {
    return <span className="badge badge--pending">{appointment.payment}</span>;
  }
  return appointment.pending ? <PendingBadge /> : null;
}
