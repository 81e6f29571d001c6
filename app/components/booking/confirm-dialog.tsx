import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { CloseIcon } from "../icons";
import { useOverlay } from "../overlays";
import type { BookingActionResult, BookingSlotView, BookingTypeView } from "./booking-types";

interface ConfirmDialogProps {
  date: string;
  dateLabel: string;
  service: BookingTypeView;
  worker: string;
  slot: BookingSlotView;
  onClose(): void;
  onBooked(confirmation: { dateString: string; service: string; email: string }): void;
  onTaken(): void;
}

/**
 * 'Before you confirm...' (spec "Schedule" step 5): the chosen day, time and worker, with Name,
 * Email and Phone. A modal <dialog>: Escape and the close button close it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { date, dateLabel, service, worker, slot } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<BookingActionResult>();
  const overlay = useOverlay();
  const [empty, setEmpty] = useState<string[]>([]);
  const submitted = useRef(false);
  const result = fetcher.data;
  const fieldErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  // "Any available": the worker who would be assigned now; the server assigns on confirm.
  const shownWorker = worker === "any" ? (slot.freeWorkers[0] ?? "") : worker;
  const { onBooked, onTaken } = props;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (element.open) element.close(); // a no-JavaScript render may have opened it non-modally
    element.showModal();
  }, []);

  useEffect(() => {
    if (fetcher.state !== "idle" || !submitted.current || !result) return;
    submitted.current = false;
    overlay.hide();
    if (result.ok) {
      onBooked(result.confirmation);
    } else if (result.fieldErrors) {
      void overlay.flashFailure();
    } else {
      onTaken();
    }
  }, [fetcher.state, result, overlay, onBooked, onTaken]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const missing = ["name", "email"].filter((key) => String(form.get(key) ?? "").trim() === "");
    setEmpty(missing);
    if (missing.length > 0) {
      // Spec section 5: nothing is sent and loading stops; the empty fields are marked.
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
      return;
    }
    submitted.current = true;
    overlay.showLoading();
  }

  const invalid = (name: string) => empty.includes(name) || name in fieldErrors;
  const errorFor = (name: string) => fieldErrors[name];

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is native to <dialog>; this is the backdrop.
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="confirm-title"
      onClose={props.onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="modal__panel">
        <div className="modal__top">
          <h2 id="confirm-title">Before you confirm...</h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close"
            onClick={() => dialog.current?.close()}
          >
            <CloseIcon />
          </button>
        </div>
        <p className="modal__when">
          <span>{dateLabel}</span>
          <span>
            {slot.label}
            {shownWorker ? ` with ${shownWorker}` : ""}
          </span>
        </p>
        <p className="modal__service">
          {service.category} &middot; {service.type} &middot; {service.durationMin} min &middot;{" "}
          {service.price}
        </p>
        <fetcher.Form
          method="post"
          action="/schedule"
          noValidate
          onSubmit={onSubmit}
          className="modal__form"
        >
          <input type="hidden" name="date" value={date} />
          <input type="hidden" name="service" value={service.id} />
          <input type="hidden" name="worker" value={worker} />
          <input type="hidden" name="slot" value={slot.startsAt} />
          {(
            [
              ["name", "Name", "text", "name"],
              ["email", "Email", "email", "email"],
              ["phone", "Phone", "tel", "tel"],
            ] as const
          ).map(([name, label, type, autoComplete]) => (
            <div className="field" key={name} data-invalid={invalid(name) || undefined}>
              <label htmlFor={`confirm-${name}`}>{label}</label>
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
          ))}
          <button type="submit" className="button">
            Confirm Date/Time
          </button>
        </fetcher.Form>
      </div>
    </dialog>
  );
}
