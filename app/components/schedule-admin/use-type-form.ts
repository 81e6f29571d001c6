import { type FormEvent, useState } from "react";
import { useFetcher } from "react-router";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { useActionFeedback } from "./use-action-feedback";

type Success = Extract<ScheduleAdminActionResult, { ok: true }>;

const TEXT_FIELDS = [
  "type",
  "category",
  "startTime",
  "endTime",
  "durationMin",
  "price",
  "description",
] as const;

/** The props a type form's control takes: its id, name, marks and the hint or error it cites. */
export type TypeControl = (
  name: string,
  hint?: boolean,
) => {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  onChange(): void;
};

/**
 * Sending the type form and marking its fields (spec section 4 "Admin type forms", section 5):
 * every field is required, so empty ones are marked and nothing is sent; the server's field
 * errors are shown under the fields; editing a field takes its mark away until the next try.
 */
export function useTypeForm(prefix: string, date: string, onDone: (result: Success) => void) {
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const started = useActionFeedback(fetcher, {
    date,
    // The spec's overlays stay on the type forms (docs/product.md#staff-screens).
    overlays: true,
    onSuccess: (result) => {
      setErrors({});
      onDone(result);
    },
    onFailure: (result) => setErrors(result?.fieldErrors ?? {}),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter?.getAttribute("value") ?? "create";
    if (intent === "create" || intent === "update") {
      const empty = emptyFields(new FormData(event.currentTarget));
      setMissing(empty);
      if (empty.length > 0) {
        // Spec section 5: red borders, no message, nothing sent.
        event.preventDefault();
        const first =
          empty[0] === "daysOfWeek"
            ? `${prefix}-Monday`
            : empty[0] === "technicians"
              ? `${prefix}-technician-0`
              : `${prefix}-${empty[0]}`;
        document.getElementById(first)?.focus();
        return;
      }
    }
    started();
  }

  /** Editing a field takes its mark away until the next try. */
  function edited(name: string) {
    if (missing.includes(name)) setMissing(missing.filter((n) => n !== name));
    if (name in errors) {
      const { [name]: _gone, ...rest } = errors;
      setErrors(rest);
    }
  }

  const invalid = (name: string) => missing.includes(name) || name in errors;
  const describedBy = (name: string, hint?: boolean) =>
    [hint ? `${prefix}-${name}-hint` : "", errors[name] ? `${prefix}-${name}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const control: TypeControl = (name, hint) => ({
    id: `${prefix}-${name}`,
    name,
    "aria-invalid": invalid(name) || undefined,
    "aria-describedby": describedBy(name, hint),
    onChange: () => edited(name),
  });

  return { fetcher, onSubmit, errors, invalid, edited, control };
}

/** The required fields left empty: the text fields, then the days and the technicians. */
function emptyFields(form: FormData): string[] {
  const empty: string[] = TEXT_FIELDS.filter((name) => String(form.get(name) ?? "").trim() === "");
  if (form.getAll("daysOfWeek").length === 0) empty.push("daysOfWeek");
  if (form.getAll("technicians").length === 0) empty.push("technicians");
  return empty;
}
