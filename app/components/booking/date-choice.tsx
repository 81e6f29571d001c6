import type { RefObject } from "react";
import { isIsoDate } from "~/domain/booking/time-zone";
import type { VisitRequestItem } from "~/domain/booking/visit-request";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import { Field } from "../field";
import { MonthCalendar } from "./month-calendar";

interface DateChoiceProps {
  inputRef: RefObject<HTMLInputElement | null>;
  date: string;
  today: string;
  lastDay: string;
  invalid: boolean;
  /** The chosen services, whose free days the month marks. */
  items: readonly VisitRequestItem[];
  /** The page's script runs: the month is the date picker's grid. */
  interactive: boolean;
  /** A date typed or chosen in the field. */
  onChange(date: string): void;
  /** A day picked in the month. */
  onPick(date: string): void;
}

/**
 * Spec "Schedule" step 1: 'Date', the typed field (a phone's own picker, and the form without
 * JavaScript), with the month under it (docs/product.md#month-calendar).
 */
export function DateChoice(props: DateChoiceProps) {
  const { date, today, lastDay, invalid } = props;
  const locale = useLocale();
  return (
    <>
      <Field id="booking-date" label={m.booking_date({}, { locale })} invalid={invalid}>
        <input
          ref={props.inputRef}
          id="booking-date"
          name="date"
          type="date"
          required
          min={today}
          max={lastDay}
          value={date}
          aria-invalid={invalid || undefined}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        />
      </Field>
      <MonthCalendar
        value={isIsoDate(date) ? date : ""}
        today={today}
        lastDay={lastDay}
        items={props.items}
        onPick={props.onPick}
        interactive={props.interactive}
      />
    </>
  );
}
