import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";

// How the Site pages answer a save (docs/product.md#the-site): in place, never with the staff's
// full-screen overlays. A saved form says so in a status line beside its button; a refused one
// lists its errors at the top (each a link to its field), marks each field beside it, keeps what
// was typed and moves the focus to the first refused field.

/** The refused fields at the top of a form: each error a link to its field. */
export function ErrorSummary({
  errors,
  idOf,
  labelOf,
  id = "error-summary",
}: {
  errors: Record<string, string>;
  /** The id of a field's control, by its name. */
  idOf(name: string): string;
  /** The field's label, when the message does not say which field it is. */
  labelOf?(name: string): string | undefined;
  id?: string;
}) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="error-summary__title">
        {entries.length === 1
          ? "One field needs a change"
          : `${entries.length} fields need a change`}
      </h2>
      <ul>
        {entries.map(([name, message]) => {
          const label = labelOf?.(name);
          return (
            <li key={name}>
              <a href={`#${idOf(name)}`}>{label ? `${label}: ${message}` : message}</a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The line beside a form's button that says it was saved; empty (and silent) until then. */
export function SaveStatus({ message }: { message: string }) {
  return (
    <p className="save-status" role="status">
      {message}
    </p>
  );
}

/**
 * A Site form sent with a fetcher: `started` for its onSubmit; once the answer is in, `saved` is
 * the status line's words (cleared while a save is sent, so the same words are said again), and
 * a refusal moves the focus to the form's first refused field (or its message).
 */
export function useSaveFeedback(
  fetcher: FetcherWithComponents<{ ok: boolean }>,
  form: RefObject<HTMLElement | null>,
  options: { saved?: string; onSaved?: () => void } = {},
): { started: () => void; saved: string } {
  const sent = useRef(false);
  const [saved, setSaved] = useState("");
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (!sent.current || fetcher.state !== "idle" || !fetcher.data) return;
    sent.current = false;
    if (fetcher.data.ok) {
      setSaved(latest.current.saved ?? "Saved.");
      latest.current.onSaved?.();
      return;
    }
    focusFirstRefused(form.current);
  }, [fetcher.state, fetcher.data, form]);
  const started = useCallback(() => {
    sent.current = true;
    setSaved("");
  }, []);
  return { started, saved };
}

/** The first field marked invalid, else the error summary, else the form's first alert. */
export function focusFirstRefused(form: HTMLElement | null): void {
  const target =
    form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    form?.querySelector<HTMLElement>(".error-summary, [role=alert]");
  if (!target) return;
  if (!target.matches("input, textarea, select, button, a[href]")) target.tabIndex = -1;
  target.focus();
}
