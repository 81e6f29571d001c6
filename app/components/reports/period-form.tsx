import { Field } from "~/components/field";
import { PERIOD_KINDS, PERIOD_LABELS, type PeriodKind } from "~/domain/reports/period";

interface PeriodFormProps {
  kind: PeriodKind;
  from: string;
  to: string;
  fieldErrors: Record<string, string>;
}

/**
 * The period as a plain GET form: it works without JavaScript, and the address names the report
 * (a bookmark or a shared link shows the same period).
 */
export function PeriodForm({ kind, from, to, fieldErrors }: PeriodFormProps) {
  return (
    <form method="get" action="/reports" className="report-period">
      <Field id="report-period" label="Period">
        <select id="report-period" name="period" defaultValue={kind}>
          {PERIOD_KINDS.map((k) => (
            <option key={k} value={k}>
              {PERIOD_LABELS[k]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="report-from" label="From" invalid={!!fieldErrors.from} error={fieldErrors.from}>
        <input
          id="report-from"
          name="from"
          type="date"
          defaultValue={from}
          aria-invalid={fieldErrors.from ? true : undefined}
          aria-describedby={
            fieldErrors.from ? "report-from-error report-custom-hint" : "report-custom-hint"
          }
        />
      </Field>
      <Field id="report-to" label="To" invalid={!!fieldErrors.to} error={fieldErrors.to}>
        <input
          id="report-to"
          name="to"
          type="date"
          defaultValue={to}
          aria-invalid={fieldErrors.to ? true : undefined}
          aria-describedby={
            fieldErrors.to ? "report-to-error report-custom-hint" : "report-custom-hint"
          }
        />
      </Field>
      <button type="submit" className="button">
        Show Report
      </button>
      <p id="report-custom-hint" className="report-period__hint">
        'From' and 'To' are read for a Custom period.
      </p>
    </form>
  );
}
