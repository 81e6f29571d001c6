import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { RefundChoice } from "../schedule-admin/fee-refund-dialog";
import { StaffDialog } from "../schedule-admin/staff-dialog";

/** What the customer's page answers a refund (app/routes/customers.tsx). */
interface RefundAnswer {
  ok: boolean;
  message: string;
}

/**
 * A visit's payment on the customer's page, and for the owner 'Refund Late Cancellation Fee'
 * (docs/payments.md#refunding-a-fee): what is left of a late cancellation fee charged to her card
 * goes back to it, after a small confirm, since money given back cannot be taken again. The desk
 * lists no cancelled visit, so it is here. Once refunded the page reads again (the payment says
 * "($15.00 refunded)", the button is gone) and what was done is said where the button was.
 */
export function PaymentCell(props: {
  appointmentId: string;
  payment: string | null;
  name: string;
  when: string;
  /** What is left of her late cancellation fee to refund, for the owner; otherwise null. */
  refund: string | null;
}) {
  const { appointmentId, payment, refund } = props;
  const [asking, setAsking] = useState(false);
  // Each opening of the dialog its own answer: an earlier refusal is not shown again.
  const [opening, setOpening] = useState(0);
  const key = `late-fee-refund-${appointmentId}-${opening}`;
  const fetcher = useFetcher<RefundAnswer>({ key });
  const done = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.message : null;
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) said.current?.focus();
  }, [done]);
  return (
    <>
      {payment}
      {refund ? (
        <button
          type="button"
          className="button button--ghost button--small customer-refund"
          onClick={() => {
            setOpening((n) => n + 1);
            setAsking(true);
          }}
        >
          Refund Late Cancellation Fee
          <span className="visually-hidden">{` of ${props.when}`}</span>
        </button>
      ) : null}
      {done ? (
        <p ref={said} tabIndex={-1} role="status" className="customer-refund__done">
          {done}
        </p>
      ) : null}
      {asking && refund ? (
        <RefundDialog
          {...props}
          fetcherKey={key}
          amount={refund}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}

function RefundDialog(props: {
  fetcherKey: string;
  appointmentId: string;
  name: string;
  when: string;
  amount: string;
  onClose(): void;
}) {
  const { appointmentId, name, when, amount, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<RefundAnswer>({ key: props.fetcherKey });
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) dialog.current?.close();
  }, [answer]);
  return (
    <StaffDialog
      dialog={dialog}
      titleId="late-fee-refund-title"
      title="Refund the late cancellation fee?"
      size="small"
      onClose={onClose}
    >
      <p className="modal__service">
        {`${amount} goes back to ${name}'s card, for her visit of ${when} that she cancelled late. Her bank shows it within a few days; it cannot be undone here.`}
      </p>
      {answer && !answer.ok ? (
        <p className="field__error action-error" role="alert">
          {answer.message}
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        onSubmit={(event) => (busy ? event.preventDefault() : undefined)}
        className="button-row modal__actions"
      >
        <input type="hidden" name="id" value={appointmentId} />
        <RefundChoice intent="refund-late-fee" amount={amount} busy={busy} dialog={dialog} />
      </fetcher.Form>
    </StaffDialog>
  );
}
