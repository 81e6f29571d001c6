import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { addPrices } from "~/domain/booking/visit-request";
import { amountInput, formatCents } from "~/domain/money";
import { ActionError } from "./action-error";
import type { AdminAppointmentView, ScheduleAdminActionResult } from "./schedule-admin-types";
import { checkRequired, fieldHelpers, StaffDialog } from "./staff-dialog";
import { useActionFeedback } from "./use-action-feedback";
import { VisitAmounts, visitAmountFields } from "./visit-amounts";

interface CompleteDialogProps {
  appointment: AdminAppointmentView;
  /** The listed day (the page reloads it after the change). */
  date: string;
  /** Correcting the amounts of a visit already marked Completed, rather than marking it. */
  correcting: boolean;
  onClose(): void;
}

/**
 * Marking a visit 'Completed' asks what was charged (its booked price prefilled) and tipped; the
 * same dialog corrects them later (docs/product.md#prices-and-payments). A visit of several
 * services is completed at once ('Complete Visit', issue 38): an amount per service or one total,
 * and one tip; each appointment's amounts are still corrected on their own.
 */
export function CompleteDialog({ appointment, date, correcting, onClose }: CompleteDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const { attrs, error } = fieldHelpers("paid", failed?.fieldErrors ?? {}, missing);
  const started = useActionFeedback(fetcher, { date, onSuccess: () => dialog.current?.close() });
  const charged = appointment.chargedCents ?? appointment.priceCents;
  const amount = useRef<HTMLInputElement>(null);
  const parts = correcting ? [] : appointment.visit;
  const [split, setSplit] = useState<"each" | "total">("each");
  // After StaffDialog's showModal (a child's effect runs first): the desk types the amount at once.
  useEffect(() => {
    const first =
      parts.length > 1
        ? document.querySelector<HTMLInputElement>("#paid-form input[type=text]")
        : null;
    (first ?? amount.current)?.select();
  }, [parts.length]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const required = parts.length > 1 ? visitAmountFields(parts, split) : ["charged"];
    if (checkRequired(event, required, "paid", setMissing)) started();
  }

  return (
    <StaffDialog
      dialog={dialog}
      titleId="paid-title"
      title={correcting ? "Correct amounts" : "Complete Visit"}
      size="small"
      onClose={onClose}
    >
      <p className="modal__service">
        {parts.length > 1
          ? `${appointment.name}: ${parts.length} services from ${parts[0]?.startLabel}. Booked at ${addPrices(parts.map((part) => part.price)) ?? ""}.`
          : `${appointment.name}: ${appointment.typeName}, ${appointment.startLabel} with ${appointment.technician}. Booked at ${appointment.price}.`}
      </p>
      {/* The policy's "a deposit counts toward the price" (docs/payments.md#completed). */}
      {appointment.depositCents && !correcting ? (
        <p className="modal__service">
          {depositLine(
            appointment.depositCents,
            parts.length > 1 ? parts.reduce((sum, part) => sum + part.priceCents, 0) : charged,
          )}
        </p>
      ) : null}
      <fetcher.Form
        id="paid-form"
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="add-form"
      >
        <input type="hidden" name="id" value={appointment.id} />
        {correcting ? null : <input type="hidden" name="status" value="completed" />}
        {parts.length > 1 ? (
          <VisitAmounts parts={parts} attrs={attrs} error={error} onSplit={setSplit} />
        ) : (
          <AmountCharged input={amount} cents={charged} attrs={attrs} error={error} />
        )}
        <div className="field">
          <label htmlFor="paid-tip">Tip</label>
          <input
            {...attrs("tip")}
            type="text"
            inputMode="decimal"
            maxLength={12}
            autoComplete="off"
            defaultValue={appointment.tipCents ? amountInput(appointment.tipCents) : ""}
          />
          {error("tip")}
        </div>
        <ActionError fetcher={fetcher} />
        <button
          type="submit"
          name="intent"
          value={correcting ? "payment" : parts.length > 1 ? "complete-visit" : "visit"}
          className="button"
        >
          Save
        </button>
      </fetcher.Form>
    </StaffDialog>
  );
}

/**
 * "Deposit $25.00 paid at booking counts toward the amount charged: $55.00 left to pay of $80.00."
 * The amount charged is the visit's whole price, the deposit in it (Reports counts it once).
 */
function depositLine(depositCents: number, bookedCents: number): string {
  const left = Math.max(0, bookedCents - depositCents);
  return `Deposit ${formatCents(depositCents)} paid at booking counts toward the amount charged: ${formatCents(left)} left to pay of ${formatCents(bookedCents)}.`;
}

/** A completed visit's amounts, and the button that corrects them. */
export function PaymentLine(props: { appointment: AdminAppointmentView; onEdit(): void }) {
  const { appointment } = props;
  if (appointment.visitStatus !== "completed" || appointment.chargedCents === null) return null;
  return (
    <div className="payment-line">
      <dl>
        <dt>Amount charged</dt>
        <dd>{formatCents(appointment.chargedCents)}</dd>
        <dt>Tip</dt>
        <dd>{formatCents(appointment.tipCents ?? 0)}</dd>
      </dl>
      <button type="button" className="button button--ghost button--small" onClick={props.onEdit}>
        Edit Amounts
        <span className="visually-hidden">
          {` of ${appointment.name}'s ${appointment.startLabel} appointment`}
        </span>
      </button>
    </div>
  );
}

/** 'Amount charged' of one appointment, `cents` prefilled. */
function AmountCharged(props: {
  input: RefObject<HTMLInputElement | null>;
  cents: number;
  attrs(name: string): Record<string, unknown> & { id: string };
  error(name: string): ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor="paid-charged">Amount charged</label>
      <input
        ref={props.input}
        {...props.attrs("charged")}
        type="text"
        inputMode="decimal"
        maxLength={12}
        autoComplete="off"
        defaultValue={amountInput(props.cents)}
      />
      {props.error("charged")}
    </div>
  );
}
