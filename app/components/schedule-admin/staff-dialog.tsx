import { type FormEvent, type ReactNode, type RefObject, useEffect } from "react";
import { CloseIcon } from "../icons";

interface StaffDialogProps {
  dialog: RefObject<HTMLDialogElement | null>;
  /** The heading's id (the dialog's name). */
  titleId: string;
  title: string;
  size?: "small" | "wide" | "hours";
  onClose(): void;
  children: ReactNode;
}

/**
 * A schedule admin dialog: modal from the start, named by its heading, closed by Escape, its
 * close button or a click on the backdrop; focus returns where it was (the browser's <dialog>).
 * A dialog opened from inside it closes alone, back to this one.
 */
export function StaffDialog({ dialog, titleId, title, size, onClose, children }: StaffDialogProps) {
  useEffect(() => {
    dialog.current?.showModal();
  }, [dialog]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is native to <dialog>; this is the backdrop.
    <dialog
      ref={dialog}
      className={size ? `modal modal--${size}` : "modal"}
      aria-labelledby={titleId}
      // Its own close only: React passes a dialog's close event up its tree, so a dialog opened
      // inside this one ('Edit Amounts' in an appointment's details) would close this one too.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="modal__panel">
        <div className="modal__top">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close"
            onClick={() => dialog.current?.close()}
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/** The error attributes and line of a dialog's fields, from the server's field errors. */
export function fieldHelpers(prefix: string, errors: Record<string, string>, missing: string[]) {
  const invalid = (name: string) => missing.includes(name) || name in errors;
  return {
    attrs: (name: string) => ({
      id: `${prefix}-${name}`,
      name,
      "aria-invalid": invalid(name) || undefined,
      "aria-describedby": errors[name] ? `${prefix}-${name}-error` : undefined,
    }),
    error: (name: string) =>
      errors[name] ? (
        <p className="field__error" id={`${prefix}-${name}-error`}>
          {errors[name]}
        </p>
      ) : null,
  };
}

/**
 * Marks the form's empty required fields (spec: nothing is sent then) and moves the focus to the
 * first. Returns whether all were filled; otherwise the submission is stopped.
 */
export function checkRequired(
  event: FormEvent<HTMLFormElement>,
  names: string[],
  prefix: string,
  setMissing: (names: string[]) => void,
): boolean {
  const form = new FormData(event.currentTarget);
  const empty = names.filter((name) => String(form.get(name) ?? "").trim() === "");
  setMissing(empty);
  if (empty.length === 0) return true;
  event.preventDefault();
  document.getElementById(`${prefix}-${empty[0]}`)?.focus();
  return false;
}

/** The booking action's field names for the booking schema's keys. */
const FORM_NAME: Record<string, string> = { dateIso: "date", typeId: "service", startsAt: "slot" };

/** A refusal's field errors under the form's own field names. */
export function formFieldErrors(fieldErrors: Record<string, string> | undefined) {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrors ?? {})) {
    errors[FORM_NAME[key] ?? key] = message;
  }
  return errors;
}
