import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { useDashboardAction } from "../dashboard/use-dashboard-action";

/** What the owner's Site forms answer (Business Details, Opening Hours, Special Hours). */
export type SiteFormResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * One of the owner's Site forms: sent without leaving the page (the busy, then success or failure
 * overlay, as the staff's other forms), or as a plain form without JavaScript. A refused form
 * keeps what was typed (the fields are the browser's own) and says what is wrong beside each
 * field (`children` gets the errors).
 */
export function SiteForm({
  submit,
  className,
  children,
  intent,
  onSaved,
}: {
  submit: string;
  /** After a successful save (the page's data is loaded again either way). */
  onSaved?: () => void;
  className?: string;
  intent?: string;
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const fetcher = useFetcher<SiteFormResult>();
  const started = useDashboardAction(fetcher, () => {
    if (fetcher.data?.ok) onSaved?.();
  });
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <fetcher.Form
      method="post"
      noValidate
      className={`form site-form ${className ?? ""}`}
      onSubmit={started}
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {failed ? (
        <p className="field__error" role="alert">
          {failed.message}
        </p>
      ) : null}
      {children(failed?.fieldErrors ?? {})}
      <button type="submit" className="button">
        {submit}
      </button>
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
