import { type FormEvent, useEffect, useRef, useState } from "react";
import { DAY_PERIOD_LABELS, DAY_PERIODS } from "~/domain/booking/booking-limits";
import { type VisitRequestItem, visitParams } from "~/domain/booking/visit-request";
import type { WaitlistOutcome } from "~/domain/booking/waitlist-times";
import { postForm } from "~/lib/post-form";
import { useSalon } from "~/lib/salon";
import type { WaitlistAnswer } from "~/routes/schedule-waitlist";
import { Field } from "../field";

interface WaitlistFormProps {
  date: string;
  dateLabel: string;
  /** The search that found no time: one service, or a visit's. */
  items: readonly VisitRequestItem[];
  /** The outcome of the form sent without JavaScript (the page's address says it). */
  fromAddress: WaitlistOutcome | null;
}

/** What a refusal sent back without JavaScript means, in the page's own words. */
const refused = (phone: string): Record<Exclude<WaitlistOutcome, "joined">, string> => ({
  invalid: "Please check your name and email, then send the form again.",
  unreadable: "We could not read that search. Please choose the service again and try once more.",
  limited: `Too many requests from this connection. Please try again later, or call us at ${phone}.`,
  "not-full": "This day is not full for this service: please choose one of its times.",
  "line-full": `The waitlist for this day is full. Please call us at ${phone}.`,
  "too-many": `This email is already on several waitlists. Please call us at ${phone}.`,
  unconfirmed:
    "We have emailed this address a link to confirm a place on a waitlist. Please confirm that place first.",
});

/**
 * 'Join the Waitlist' (docs/product.md#waitlist), under a day with no time for the search: name,
 * email and the parts of the day that suit. A plain form to /schedule/waitlist; with JavaScript
 * it is sent without leaving the page.
 */
export function WaitlistForm({ date, dateLabel, items, fromAddress }: WaitlistFormProps) {
  const { joined, joinedHeading, fieldErrors, message, sending, onSubmit } =
    useWaitlistSend(fromAddress);

  if (joined) {
    return (
      <div className="waitlist waitlist--joined" role="status">
        <h3 ref={joinedHeading} tabIndex={-1}>
          You are on the waitlist
        </h3>
        <p>
          To keep your place, open the email we just sent you and press 'Confirm My Place'. Then, if
          a time opens on {dateLabel}, we will email you a link that books it. The first in line is
          told first.
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
      <NameAndEmail fieldErrors={fieldErrors} />
      <PeriodChoices />
      <button type="submit" className="button" disabled={sending}>
        Join the Waitlist
      </button>
    </form>
  );
}

/**
 * Sending the form without leaving the page, and what its answer (or the address's outcome, sent
 * without JavaScript) says: joined, the fields to mend, or a refusal's message.
 */
function useWaitlistSend(fromAddress: WaitlistOutcome | null) {
  const { phone } = useSalon();
  const [answer, setAnswer] = useState<WaitlistAnswer | null>(null);
  const [sending, setSending] = useState(false);
  const joinedHeading = useRef<HTMLHeadingElement>(null);
  const joined = answer?.ok === true || (answer === null && fromAddress === "joined");
  const fieldErrors = answer && !answer.ok && "fieldErrors" in answer ? answer.fieldErrors : {};
  // A field the form does not show (the day, the times of day) is said above it.
  const otherError = Object.entries(fieldErrors).find(
    ([field]) => field !== "name" && field !== "email",
  )?.[1];
  const message =
    answer && !answer.ok
      ? "message" in answer
        ? answer.message
        : (otherError ?? null)
      : answer === null && fromAddress && fromAddress !== "joined"
        ? refused(phone)[fromAddress]
        : null;

  // Joined: the form gives way to what happened, and the focus goes with it.
  useEffect(() => {
    if (answer?.ok) joinedHeading.current?.focus();
  }, [answer]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const sent = await postForm("/schedule/waitlist", new FormData(event.currentTarget));
    setSending(false);
    setAnswer(
      sent ?? {
        ok: false,
        reason: "unreadable",
        message: "No answer came. Please check your connection and try again.",
      },
    );
  }

  return { joined, joinedHeading, fieldErrors, message, sending, onSubmit };
}

/** Name and Email, each with the server's refusal under it. */
function NameAndEmail({ fieldErrors }: { fieldErrors: Record<string, string | undefined> }) {
  return (
    <>
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
    </>
  );
}

/** 'Preferred times': the parts of the day that suit, none meaning any. */
function PeriodChoices() {
  return (
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
  );
}
