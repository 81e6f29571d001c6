import { useEffect, useRef } from "react";
import { formatMinutes, type VisitRequestItem, visitParams } from "~/domain/booking/visit-request";
import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
import type { BookingAnswer } from "~/routes/schedule-book.server";
import type { SlotView } from "~/services/booking/slot-listing.server";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { CloseIcon } from "../icons";
import { PaymentAgreement } from "./payment-agreement";
import { useConfirmBooking } from "./use-confirm-booking";

interface ConfirmDialogProps {
  date: string;
  dateLabel: string;
  service: AppointmentTypeView;
  technician: string;
  /** The search's services: one, or a visit's, posted back with the time. */
  items: readonly VisitRequestItem[];
  slot: SlotView;
  /**
   * Rendered open on the server: the address names this time, so the page works without
   * JavaScript; `answer` is the no-JavaScript post's refusal, shown in the form.
   */
  fromAddress?: { answer: BookingAnswer | null };
  /** The time is held for the visitor this long ("5 minutes"), once the server said so. */
  held?: string | undefined;
  /** A protected service's policy, to agree to before Stripe's Checkout (docs/payments.md). */
  policy?: readonly string[] | undefined;
  onClose(): void;
  /** Resolves once the hold of this time has been answered: the booking goes after it. */
  holdAnswered?(): Promise<unknown>;
  onBooked(confirmation: {
    dateString: string;
    service: string;
    email: string;
    /** Kept for the customer to confirm by email (docs/product.md#pending-bookings). */
    pending?: true;
  }): void;
  /** Refused (a time just taken, or the limit): with the day's fresh times when sent. */
  onTaken(fresh: SlotView[] | undefined): void;
}

/**
 * 'Before you confirm...' (spec "Schedule" step 5): the chosen day, time and technician, with Name,
 * Email and Phone. A modal <dialog>: Escape and the close button close it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { date, service, technician, slot } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const locale = useLocale();
  const { onSubmit, result, invalid, errorFor } = useConfirmBooking({
    answer: props.fromAddress?.answer ?? null,
    holdAnswered: props.holdAnswered,
    onBooked: props.onBooked,
    onTaken: props.onTaken,
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Opened by the server's HTML (no JavaScript needed): made modal now, without a close event.
    if (element.open) element.removeAttribute("open");
    element.showModal();
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is native to <dialog>; this is the backdrop.
    <dialog
      ref={dialog}
      className="modal"
      open={props.fromAddress ? true : undefined}
      aria-labelledby="confirm-title"
      onClose={props.onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="modal__panel">
        <div className="modal__top">
          <h2 id="confirm-title">{m.booking_confirm_title({}, { locale })}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={m.booking_close({}, { locale })}
            onClick={() => dialog.current?.close()}
          >
            <CloseIcon />
          </button>
        </div>
        <ChosenTime {...props} />
        <form
          method="post"
          action={localizedPath(noScriptAction(props), locale)}
          noValidate
          onSubmit={onSubmit}
          className="modal__form"
        >
          <input type="hidden" name="date" value={date} />
          <input type="hidden" name="service" value={service.id} />
          <input type="hidden" name="technician" value={technician} />
          <input type="hidden" name="slot" value={slot.startsAt} />
          {/* A visit's add-ons and other services (the first service's fields are above). */}
          {visitParams(props.items)
            .filter(([name]) => name !== "service" && name !== "technician")
            .map(([name, value]) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ))}
          <CustomerFields invalid={invalid} errorFor={errorFor} />
          {props.policy ? (
            <PaymentAgreement policy={props.policy} error={errorFor("agree")} />
          ) : null}
          <PolicyNote />
          <button type="submit" className="button">
            {m.booking_confirm({}, { locale })}
          </button>
          {result && !result.ok && result.callUs ? (
            <p className="field__error" role="alert">
              <WithPhoneLink text={result.message ?? ""} />
            </p>
          ) : null}
        </form>
      </div>
    </dialog>
  );
}

/** Where the form posts without JavaScript: /schedule, for the same search and this time. */
function noScriptAction({ date, service, technician, items, slot }: ConfirmDialogProps): string {
  return `/schedule?${new URLSearchParams([
    ["date", date],
    ["category", service.category],
    ...(items.length > 0
      ? visitParams(items)
      : [
          ["service", service.id],
          ["technician", technician],
        ]),
    ["slot", slot.startsAt],
  ])}`;
}

/** The day, the time and who does it: one service's line, or the visit's parts. */
function ChosenTime({ dateLabel, service, technician, slot, held }: ConfirmDialogProps) {
  const locale = useLocale();
  // "Any available": the technician who would be assigned now; the server assigns on confirm.
  // A visit lists each service's technician below instead.
  const shownTechnician = slot.visit
    ? ""
    : technician === "any"
      ? (slot.freeTechnicians[0] ?? "")
      : technician;
  return (
    <>
      <p className="modal__when">
        <span>{dateLabel}</span>
        <span>
          {slot.label}
          {shownTechnician ? ` ${m.booking_with({ technician: shownTechnician }, { locale })}` : ""}
        </span>
      </p>
      {slot.visit ? (
        <VisitSummary visit={slot.visit} />
      ) : (
        <p className="modal__service">
          {service.category} &middot; {service.type} &middot;{" "}
          {m.services_minutes({ minutes: service.durationMin }, { locale })} &middot;{" "}
          {service.price}
        </p>
      )}
      {/* Its place is kept before the server's answer comes: the fields and 'Confirm Date/Time'
          below do not move under a finger (or a test's click) when the line appears. */}
      <p className="modal__held">{held ? m.booking_held({ held }, { locale }) : null}</p>
    </>
  );
}

const CUSTOMER_FIELDS = [
  ["name", m.booking_name, "text", "name"],
  ["email", m.booking_email, "email", "email"],
  ["phone", m.booking_phone, "tel", "tel"],
] as const;

/** Name, Email and Phone, each marked when empty or refused, with the reason under it. */
function CustomerFields({
  invalid,
  errorFor,
}: {
  invalid(name: string): boolean;
  errorFor(name: string): string | undefined;
}) {
  const locale = useLocale();
  return CUSTOMER_FIELDS.map(([name, label, type, autoComplete]) => (
    <div className="field" key={name} data-invalid={invalid(name) || undefined}>
      <label htmlFor={`confirm-${name}`}>{label({}, { locale })}</label>
      <input
        id={`confirm-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={name === "phone" ? 30 : name === "email" ? 254 : 100}
        aria-invalid={invalid(name) || undefined}
        aria-describedby={errorFor(name) ? `confirm-${name}-error` : undefined}
      />
      {errorFor(name) ? (
        <p className="field__error" id={`confirm-${name}-error`}>
          {errorFor(name)}
        </p>
      ) : null}
    </div>
  ));
}

function PolicyNote() {
  const locale = useLocale();
  return (
    <p className="modal__policy">
      {m.booking_policy_note({}, { locale })}{" "}
      <a href={localizedPath("/policies", locale)} target="_blank" rel="noopener">
        {m.booking_policy_link({}, { locale })}
        <span className="visually-hidden"> {m.booking_new_tab({}, { locale })}</span>
      </a>
      .
    </p>
  );
}

/** A visit's services, each with its technician and times, and the totals. */
function VisitSummary({ visit }: { visit: NonNullable<SlotView["visit"]> }) {
  const locale = useLocale();
  return (
    <div className="modal__visit">
      <ul aria-label={m.booking_your_visit({}, { locale })}>
        {visit.parts.map((part) => (
          <li key={`${part.service}|${part.from}`}>
            <span className="modal__visit-service">{part.service}</span>
            <span>
              {m.booking_part(
                { from: part.from, to: part.to, technician: part.technician },
                { locale },
              )}{" "}
              &middot; {part.price}
            </span>
          </li>
        ))}
      </ul>
      <p className="modal__visit-total">
        {m.booking_total({ total: visit.totalPrice }, { locale })} &middot;{" "}
        {formatMinutes(visit.totalMin)}
      </p>
    </div>
  );
}

/** `text` with the salon's phone number, where it appears, as a link that calls it. */
function WithPhoneLink({ text }: { text: string }) {
  const business = useSalon();
  const at = text.indexOf(business.phone);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <a href={`tel:${business.phoneE164}`}>{business.phone}</a>
      {text.slice(at + business.phone.length)}
    </>
  );
}
