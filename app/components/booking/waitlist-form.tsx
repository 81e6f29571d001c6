import { type FormEvent, useState } from "react";
import { type VisitRequestItem, visitParams } from "~/domain/booking/visit-request";
import { DAY_PERIOD_LABELS, DAY_PERIODS } from "~/domain/booking/waitlist";
import { postForm } from "~/lib/post-form";
import type { WaitlistAnswer } from "~/routes/schedule-waitlist";
import { Field } from "../field";

interface WaitlistFormProps {
  date: string;
  dateLabel: string;
  /** The search that found no time: one service, or a visit's. */
  items: readonly VisitRequestItem[];
  /** The outcome of the form sent without JavaScript (the page's address says it). */
  fromAddress: "joined" | "refused" | null;
}

/**
 * 'Join the Waitlist' (docs/product.md#waitlist), under a day with no time for the search: name,
 * email and the parts of the day that suit. A plain form to /schedule/waitlist; with JavaScript
 * it is sent without leaving the page.
 */
export function WaitlistForm({ date, dateLabel, items, fromAddress }: WaitlistFormProps) {
  const [answer, setAnswer] = useState<WaitlistAnswer | null>(null);
  const [sending, setSending] = useState(false);
  const joined = answer?.ok === true || (answer === null && fromAddress === "joined");
  const fieldErrors = answer && !answer.ok && "fieldErrors" in answer ? answer.fieldErrors : {};
  const message =
    answer && !answer.ok && "message" in answer
      ? answer.message
      : answer === null && fromAddress === "refused"
        ? "We could not add you to the waitlist. Please check your name and email and try again."
        : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const sent = await postForm("/schedule/waitlist", new FormData(event.currentTarget));
    setSending(false);
    setAnswer(
      sent ?? { ok: false, message: "No answer came. Please check your connection and try again." },
    );
  }

  if (joined) {
    return (
      <div className="waitlist waitlist--joined" role="status">
        <h3>You are on the waitlist</h3>
        <p>
          If a time opens on {dateLabel}, we will email you a link that books it. The first in line
          is told first, so keep an eye on your inbox.
        </p>
      </div>
    );
  }
  return (
    <form
      method="post"
      action="/schedule/waitlist"
      className="form waitlist"
      aria-labelledby="waitlist-title"
      onSubmit={onSubmit}
    >
      <h3 id="waitlist-title">Join the waitlist for {dateLabel}</h3>
      <p className="booking__hint">
        If a time frees up, we email the first in line a link that books it.
      </p>
      <input type="hidden" name="date" value={date} />
      {visitParams(items).map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {message ? (
        <p role="alert" className="booking__taken">
          {message}
        </p>
      ) : null}
      <Field id="waitlist-name" label="Name" invalid={!!fieldErrors.name} error={fieldErrors.name}>
        <input
          id="waitlist-name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          aria-invalid={!!fieldErrors.name || undefined}
          aria-describedby={fieldErrors.name ? "waitlist-name-error" : undefined}
        />
      </Field>
      <Field
        id="waitlist-email"
        label="Email"
        invalid={!!fieldErrors.email}
        error={fieldErrors.email}
      >
        <input
          id="waitlist-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={!!fieldErrors.email || undefined}
          aria-describedby={fieldErrors.email ? "waitlist-email-error" : undefined}
        />
      </Field>
      <fieldset className="add-ons">
        <legend>Preferred times</legend>
        <p className="add-ons__hint">None ticked: any time that day.</p>
        <div className="add-ons__list">
          {DAY_PERIODS.map((period) => (
            <label key={period} className="add-ons__item">
              <input type="checkbox" name="period" value={period} />
              {DAY_PERIOD_LABELS[period]}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button" disabled={sending}>
        Join the Waitlist
      </button>
    </form>
  );
}
