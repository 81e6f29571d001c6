import { type ReactNode, useRef } from "react";
import { useFetcher } from "react-router";
import { ErrorSummary, SaveStatus, useSaveFeedback } from "./form-feedback";

/** What the owner's Site forms answer (Business Details, Opening Hours, Special Hours). */
export type SiteFormResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * One of the owner's Site forms: sent without leaving the page, or as a plain form without
 * JavaScript. A save is confirmed in place, beside the button (no overlay: docs/product.md#the-site).
 * A refused form keeps what was typed (the fields are the browser's own), lists its errors at the
 * top, says each beside its field (`children` gets the errors) and moves the focus to the first.
 */
export function SiteForm({
  submit,
  className,
  children,
  intent,
  onSaved,
  saved,
  labelOf,
}: {
  submit: string;
  /** After a successful save (the page's data is loaded again either way). */
  onSaved?: () => void;
  /** What the status line says after a save ("Saved."). */
  saved?: string;
  /** A field's label for the error summary, by its name. */
  labelOf?(name: string): string | undefined;
  className?: string;
  intent?: string;
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const fetcher = useFetcher<SiteFormResult>();
  const form = useRef<HTMLFormElement>(null);
  const feedback = useSaveFeedback(fetcher, form, { saved, onSaved });
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const errors = failed?.fieldErrors ?? {};
  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      className={`form site-form ${className ?? ""}`}
      onSubmit={feedback.started}
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {failed && Object.keys(errors).length === 0 ? (
        <p className="field__error" role="alert">
          {failed.message}
        </p>
      ) : null}
      <ErrorSummary errors={errors} idOf={(name) => `site-${name}`} labelOf={labelOf} />
      {children(errors)}
      <div className="save-row">
        <button type="submit" className="button">
          {submit}
        </button>
        <SaveStatus message={feedback.saved} />
      </div>
    </fetcher.Form>
  );
}

/** A labelled input with its error beside it (linked by aria-describedby). */
export function SiteInput({
  name,
  label,
  error,
  defaultValue,
  type = "text",
  multiline = false,
  ...rest
}: {
  name: string;
  label: string;
  error?: string | undefined;
  defaultValue?: string;
  type?: string;
  multiline?: boolean;
  inputMode?: "decimal" | "numeric" | "tel" | "email" | "url";
  autoComplete?: string;
  required?: boolean;
}) {
  const id = `site-${name}`;
  const attrs = {
    id,
    name,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    ...rest,
  };
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={4} {...attrs} /> : <input type={type} {...attrs} />}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
