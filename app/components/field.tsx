import type { ReactNode } from "react";

interface FieldProps {
  id: string;
  label: string;
  invalid?: boolean;
  /** Shown under the field and linked with aria-describedby. */
  error?: string;
  children: ReactNode;
}

/** A label above its control, with an optional error line (spec: red border on invalid). */
export function Field({ id, label, invalid = false, error, children }: FieldProps) {
  return (
    <div className="field" data-invalid={invalid || undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
