import { type RefObject, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatCents } from "~/domain/money";
import { ActionError } from "./action-error";
import type { AdminAppointmentView, ScheduleAdminActionResult } from "./schedule-admin-types";
import { StaffDialog } from "./staff-dialog";
import { useActionFeedback } from "./use-action-feedback";

/**
 * 'Refund No-show Fee' (the owner's, docs/payments.md#refunding-a-fee): what is left of a no-show
 * fee charged goes back to her card, after a small confirm, since money given back cannot be
 * taken again.
 */
export function FeeRefundButton(props: {
  appointment: AdminAppointmentView;
  cents: number;
  date: string;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="row-actions no-show-fee">
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => setAsking(true)}
      >
        Refund No-show Fee
        <span className="visually-hidden">{` of ${props.appointment.name}`}</span>
      </button>
      {asking ? <FeeRefundDialog {...props} onClose={() => setAsking(false)} /> : null}
    </div>
  );
}

function FeeRefundDialog(props: {
  appointment: AdminAppointmentView;
  cents: number;
  date: string;
  onClose(): void;
}) {
  const { appointment, cents, date, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const started = useActionFeedback(fetcher, { date, onSuccess: () => dialog.current?.close() });
  const busy = fetcher.state !== "idle";
  const amount = formatCents(cents);
  return (
    <StaffDialog
      dialog={dialog}
      titleId="fee-refund-title"
      title="Refund the no-show fee?"
      size="small"
      onClose={onClose}
    >
      <p className="modal__service">
        {`${amount} goes back to ${appointment.name}'s card, for her ${appointment.startLabel} ${appointment.typeName}. Her bank shows it within a few days; it cannot be undone here.`}
      </p>
      <ActionError fetcher={fetcher} />
      <fetcher.Form
        method="post"
        onSubmit={(event) => (busy ? event.preventDefault() : started())}
        className="button-row modal__actions"
      >
        <input type="hidden" name="id" value={appointment.id} />
        <RefundChoice intent="refund-no-show-fee" amount={amount} busy={busy} dialog={dialog} />
      </fetcher.Form>
    </StaffDialog>
  );
}

/**
 * A fee refund's confirm (the desk's no-show fee, the customer's page's late cancellation fee):
 * 'Refund $X' sends `intent`, 'Keep it' closes the dialog with nothing done.
 */
export function RefundChoice(props: {
  intent: string;
  amount: string;
  busy: boolean;
  dialog: RefObject<HTMLDialogElement | null>;
}) {
  return (
    <>
      <button
        type="submit"
        name="intent"
        value={props.intent}
        className="button button--danger"
        aria-disabled={props.busy}
      >
        {`Refund ${props.amount}`}
      </button>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => props.dialog.current?.close()}
      >
        Keep it
      </button>
    </>
  );
}
