import { type FormEvent, useEffect, useRef, useState } from "react";
import { DAY_PERIODS } from "~/domain/booking/booking-limits";
import { type VisitRequestItem, visitParams } from "~/domain/booking/visit-request";
import type { WaitlistOutcome } from "~/domain/booking/waitlist-times";
import type { Locale } from "~/domain/i18n/locale";
import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { postForm } from "~/lib/post-form";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
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
const refused = (
  phone: string,
  locale: Locale,
): Record<Exclude<WaitlistOutcome, "joined">, string> => ({
  invalid: m.waitlist_invalid({}, { locale }),
  unreadable: m.waitlist_unreadable({}, { locale }),
  limited: m.waitlist_limited({ phone }, { locale }),
  "not-full": m.waitlist_not_full({}, { locale }),
  "line-full": m.waitlist_line_full({ phone }, { locale }),
  "too-many": m.waitlist_too_many({ phone }, { locale }),
  unconfirmed: m.waitlist_unconfirmed({}, { locale }),
});

const PERIOD_NAMES = {
  morning: m.period_morning,
  afternoon: m.period_afternoon,
  evening: m.period_evening,
} as const;

/**
 * 'Join the Waitlist' (docs/product.md#waitlist), under a day with no time for the search: name,
 * email and the parts of the day that suit. A plain form to /schedule/waitlist; with JavaScript
 * it is sent without leaving the page.
 */
export function WaitlistForm({ date, dateLabel, items, fromAddress }: WaitlistFormProps) {
  const { joined, joinedHeading, fieldErrors, message, sending, onSubmit } =
    useWaitlistSend(fromAddress);
  const locale = useLocale();

  if (joined) {
    return (
      <div className="waitlist waitlist--joined" role="status">
        <h3 ref={joinedHeading} tabIndex={-1}>
          {m.waitlist_joined_title({}, { locale })}
        </h3>
        <p>{m.waitlist_joined_text({ date: dateLabel }, { locale })}</p>
      </div>
    );
  }
  return (
    <form
      method="post"
      action={localizedPath("/schedule/waitlist", locale)}
      className="form waitlist"
      aria-labelledby="waitlist-title"
      onSubmit={onSubmit}
    >
      <h3 id="waitlist-title">{m.waitlist_title({ date: dateLabel }, { locale })}</h3>
      <p className="booking__hint">{m.waitlist_hint({}, { locale })}</p>
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
        {m.waitlist_join({}, { locale })}
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
  const locale = useLocale();
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
      ? "reason" in answer
        ? // Said by its reason, in the page's language, as the page without JavaScript says it.
          refused(phone, locale)[answer.reason]
        : (otherError ?? null)
      : answer === null && fromAddress && fromAddress !== "joined"
        ? refused(phone, locale)[fromAddress]
        : null;

  // Joined: the form gives way to what happened, and the focus goes with it.
  useEffect(() => {
    if (answer?.ok) joinedHeading.current?.focus();
  }, [answer]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const sent = await postForm("/schedule/waitlist", new FormData(event.currentTarget), {
      locale,
    });
    setSending(false);
    setAnswer(
      sent ?? {
        ok: false,
        reason: "unreadable",
        message: m.waitlist_no_answer({}, { locale }),
      },
    );
  }

  return { joined, joinedHeading, fieldErrors, message, sending, onSubmit };
}

/** Name and Email, each with the server's refusal under it. */
function NameAndEmail({ fieldErrors }: { fieldErrors: Record<string, string | undefined> }) {
  const locale = useLocale();
  return (
    <>
      <Field
        id="waitlist-name"
        label={m.booking_name({}, { locale })}
        invalid={!!fieldErrors.name}
        error={fieldErrors.name}
      >
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
        label={m.booking_email({}, { locale })}
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
  const locale = useLocale();
  return (
    <fieldset className="add-ons">
      <legend>{m.waitlist_periods({}, { locale })}</legend>
      <p className="add-ons__hint">{m.waitlist_periods_hint({}, { locale })}</p>
      <div className="add-ons__list">
        {DAY_PERIODS.map((period) => (
          <label key={period} className="add-ons__item">
            <input type="checkbox" name="period" value={period} />
            {PERIOD_NAMES[period]({}, { locale })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
