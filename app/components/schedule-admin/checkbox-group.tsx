import type { ReactNode } from "react";

interface CheckboxGroupProps {
  /** The field's name (repeated once per checked box) and, with `prefix`, its error's id. */
  name: string;
  prefix: string;
  legend: string;
  options: { id: string; value: string }[];
  checked(value: string): boolean;
  invalid: boolean;
  error?: string;
  onChange(): void;
  /** Shown instead of the boxes when there are none to choose from. */
  empty?: ReactNode;
}

/** A labelled group of checkboxes under one field name: the type form's days and technicians. */
export function CheckboxGroup({
  name,
  prefix,
  legend,
  options,
  checked,
  invalid,
  error,
  onChange,
  empty,
}: CheckboxGroupProps) {
  const errorId = `${prefix}-${name}-error`;
  return (
    <fieldset
      className="weekday-picker"
      data-invalid={invalid || undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      {options.length === 0 ? (
        empty
      ) : (
        <div className="weekday-picker__days">
          {options.map((option) => (
            <label key={option.value} className="weekday-picker__day">
              <input
                id={option.id}
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={checked(option.value)}
                aria-invalid={invalid || undefined}
                onChange={onChange}
              />
              <span>{option.value}</span>
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
