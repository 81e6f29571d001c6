import { Form, useFetcher } from "react-router";
import type { SiteFormResult } from "./site-form";

// The lists of the owner's 'Special Hours' page (app/routes/site-special-hours.tsx): the coming
// holidays without special hours, each with 'Set Hours', and a saved entry's row with 'Edit' and
// 'Delete'.

export interface HolidaySuggestion {
  dateIso: string;
  name: string;
  label: string;
}

export interface SpecialHoursEntry {
  id: string;
  days: string;
  hours: string;
  note: string;
}

export function Suggestions({ suggestions }: { suggestions: HolidaySuggestion[] }) {
  return (
    <section className="staff-section" aria-labelledby="holidays-title">
      <h2 id="holidays-title">Coming holidays</h2>
      <p className="staff-section__intro">Holidays in the next 60 days without special hours.</p>
      <ul className="holiday-list">
        {suggestions.map((holiday) => (
          <li key={holiday.dateIso}>
            <span>
              <strong>{holiday.name}</strong> {holiday.label}
            </span>
            <Form method="get">
              <input type="hidden" name="add" value="" />
              <input type="hidden" name="from" value={holiday.dateIso} />
              <input type="hidden" name="note" value={holiday.name} />
              <button type="submit" className="button button--ghost button--small">
                Set Hours
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function EntryRow({ entry }: { entry: SpecialHoursEntry }) {
  const fetcher = useFetcher<SiteFormResult>();
  return (
    <tr>
      <td>{entry.days}</td>
      <td>{entry.hours}</td>
      <td>{entry.note}</td>
      <td>
        <div className="row-actions">
          <Form method="get">
            <input type="hidden" name="edit" value={entry.id} />
            <button type="submit" className="button button--ghost button--small">
              Edit
            </button>
          </Form>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={entry.id} />
            <button type="submit" className="button button--ghost button--small">
              Delete
            </button>
          </fetcher.Form>
        </div>
      </td>
    </tr>
  );
}
