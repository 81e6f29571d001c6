import { type ReactNode, useState } from "react";
import { amountInput } from "~/domain/money";
import type { VisitPartView } from "./schedule-admin-types";

interface VisitAmountsProps {
  parts: VisitPartView[];
  attrs(name: string): Record<string, unknown> & { id: string };
  error(name: string): ReactNode;
}

const SPLITS = [
  ["each", "Per service"],
  ["total", "One total, split by price"],
] as const;

/** The amount fields 'Complete Visit' posts, for the required-field check. */
export const visitAmountFields = (parts: VisitPartView[], split: "each" | "total") =>
  split === "total" ? ["total"] : parts.map((part) => `charged-${part.id}`);

/**
 * What a visit of several services was charged (docs/product.md#prices-and-payments): an amount
 * per service, each its booked price prefilled, or one total that the server splits by their
 * prices. `onSplit` tells the dialog which fields are required.
 */
export function VisitAmounts(
  props: VisitAmountsProps & { onSplit(split: "each" | "total"): void },
) {
  const { parts, attrs, error } = props;
  const [split, setSplit] = useState<"each" | "total">("each");
  const choose = (value: "each" | "total") => {
    setSplit(value);
    props.onSplit(value);
  };
  const booked = parts.reduce((sum, part) => sum + part.priceCents, 0);
  return (
    <>
      {/* The team form's pill choices (weekday-picker), as radio buttons. */}
      <fieldset className="weekday-picker">
        <legend>Amount charged</legend>
        <div className="weekday-picker__days">
          {SPLITS.map(([value, label]) => (
            <label key={value} className="weekday-picker__day">
              <input
                type="radio"
                name="split"
                value={value}
                checked={split === value}
                onChange={() => choose(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {split === "each" ? (
        parts.map((part) => (
          <div className="field" key={part.id}>
            <label htmlFor={attrs(`charged-${part.id}`).id}>
              {`${part.typeName} with ${part.technician}`}
            </label>
            <input
              {...attrs(`charged-${part.id}`)}
              type="text"
              inputMode="decimal"
              maxLength={12}
              autoComplete="off"
              defaultValue={amountInput(part.priceCents)}
            />
            {error(`charged-${part.id}`)}
          </div>
        ))
      ) : (
        <div className="field">
          <label htmlFor={attrs("total").id}>Total charged</label>
          <input
            {...attrs("total")}
            type="text"
            inputMode="decimal"
            maxLength={12}
            autoComplete="off"
            defaultValue={amountInput(booked)}
          />
          {error("total")}
        </div>
      )}
    </>
  );
}
