import { useEffect, useRef, useState } from "react";
import { AddAppointmentDialog } from "./add-appointment-dialog";
import type { BookingStart } from "./appointment-calendar";
import { AppointmentDetailsDialog } from "./appointment-details-dialog";
import type { AppointmentDialog } from "./appointments-table";
import { CancelDialog } from "./cancel-dialog";
import { EditCustomerDialog } from "./edit-customer-dialog";
import {
  type FocusAfterCancel,
  focusAfterCancel,
  focusMovedBlock,
  readFocusAfterCancel,
} from "./focus-after-change";
import { MoveDialog } from "./move-dialog";
import type { AdminAppointmentView, ScheduleAdminData } from "./schedule-admin-types";

type Open = { dialog: AppointmentDialog | "details"; appointment: AdminAppointmentView };

/**
 * Which appointment dialog is open, and where the focus goes back when it closes: to the calendar
 * block it was opened from, after Move or Edit Customer, which open in the details dialog's place;
 * after a cancel, to the next appointment there, the block being gone; after a move to another
 * column, to its new block (./focus-after-change.ts).
 */
export function useAppointmentDialogs() {
  const [open, setOpen] = useState<Open | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Read when a cancel is asked, while its block or row is still there.
  const afterCancel = useRef<FocusAfterCancel | null>(null);
  // 'Add Appointment' (null start) or a free quarter hour of the calendar.
  const [adding, setAdding] = useState<{ start: BookingStart | null } | null>(null);

  /** A calendar block's details: the block keeps the focus to give back. */
  function openDetails(appointment: AdminAppointmentView) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen({ dialog: "details", appointment });
  }

  /** A list row's action: the browser's dialog gives the focus back itself. */
  function openAction(dialog: AppointmentDialog, appointment: AdminAppointmentView) {
    opener.current = null;
    if (dialog === "cancel") afterCancel.current = readFocusAfterCancel(document.activeElement);
    setOpen({ dialog, appointment });
  }

  /** One of the details dialog's own dialogs, in its place. */
  function openFromDetails(dialog: AppointmentDialog, appointment: AdminAppointmentView) {
    if (dialog === "cancel") afterCancel.current = readFocusAfterCancel(opener.current);
    setOpen({ dialog, appointment });
  }

  return {
    open,
    setOpen,
    opener,
    afterCancel,
    adding,
    setAdding,
    openDetails,
    openAction,
    openFromDetails,
  };
}

type AppointmentDialogsProps = Pick<
  ScheduleAdminData,
  "appointments" | "date" | "today" | "types"
> &
  Pick<
    ReturnType<typeof useAppointmentDialogs>,
    "open" | "setOpen" | "opener" | "afterCancel" | "adding" | "setAdding" | "openFromDetails"
  > & { now: number };

/** The open appointment's dialog (details, cancel, move, edit customer), or 'Add Appointment'. */
export function AppointmentDialogs(props: AppointmentDialogsProps) {
  const { open, setOpen, opener, date, today } = props;
  // The details show the appointment as the day has it now (amounts corrected in a dialog of
  // their own, a visit marked), not as it was when opened.
  const shown = open && props.appointments.find((a) => a.id === open.appointment.id);
  const close = () => {
    setOpen(null);
    opener.current?.focus();
    opener.current = null;
  };
  // A moved appointment, until the day shows it moved (its block drawn anew in another column).
  const moved = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once each fresh day is drawn.
  useEffect(() => {
    if (moved.current) focusMovedBlock(moved.current);
    moved.current = null;
  }, [props.appointments]);
  return (
    <>
      {open?.dialog === "details" ? (
        <AppointmentDetailsDialog
          appointment={shown || open.appointment}
          today={today}
          now={props.now}
          onClose={() => {
            setOpen((current) => (current?.dialog === "details" ? null : current));
            opener.current = null;
          }}
          onAction={(dialog) => props.openFromDetails(dialog, open.appointment)}
        />
      ) : null}
      {open?.dialog === "cancel" ? (
        <CancelDialog
          appointment={open.appointment}
          date={date}
          dateLabel={open.appointment.dateLabel}
          onClose={close}
          onCancelled={() => {
            if (props.afterCancel.current) focusAfterCancel(props.afterCancel.current);
            props.afterCancel.current = null;
          }}
        />
      ) : null}
      {open?.dialog === "move" ? (
        <MoveDialog
          appointment={open.appointment}
          types={props.types}
          date={date}
          today={today}
          onClose={close}
          onMoved={() => {
            moved.current = open.appointment.id;
          }}
        />
      ) : null}
      {open?.dialog === "customer" ? (
        <EditCustomerDialog appointment={open.appointment} date={date} onClose={close} />
      ) : null}
      {props.adding ? (
        <AddAppointmentDialog
          types={props.types}
          date={date}
          today={today}
          start={props.adding.start}
          onClose={() => props.setAdding(null)}
        />
      ) : null}
    </>
  );
}
