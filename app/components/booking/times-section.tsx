import type { VisitRequestItem } from "~/domain/booking/visit-request";
import type { WaitlistOutcome } from "~/domain/booking/waitlist-times";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import type { SlotView } from "~/services/booking/slot-listing.server";
import { WaitlistForm } from "./waitlist-form";

interface TimesSectionProps {
  /** "Saturday, May 2 2026". */
  dateLabel: string;
  /** The free times of the search in the address; null before a search. */
  slots: SlotView[] | null;
  slotsError: string | null;
  /** A post without JavaScript found its time taken. */
  taken: boolean;
  onChoose(slot: SlotView): void;
  /** The search's day and services, for 'Join the Waitlist' when it has no time. */
  waitlist: {
    date: string;
    items: readonly VisitRequestItem[];
    fromAddress: WaitlistOutcome | null;
  };
}

/**
 * 'Available times' (spec "Schedule"): each time a button. With JavaScript it opens the confirm
 * dialog; without, it submits the search with `slot=` and the page comes back with the dialog open.
 */
export function TimesSection({
  dateLabel,
  slots,
  slotsError,
  taken,
  onChoose,
  waitlist,
}: TimesSectionProps) {
  const locale = useLocale();
  return (
    <section className="booking__times" aria-labelledby="times-title">
      <h2 id="times-title">{m.booking_times({}, { locale })}</h2>
      {taken ? (
        <p role="alert" className="booking__taken">
          {m.booking_taken({}, { locale })}
        </p>
      ) : null}
      {slots ? (
        slots.length > 0 ? (
          <>
            <p className="booking__day">{dateLabel}</p>
            <ul className="slots" aria-label={m.booking_times({}, { locale })}>
              {slots.map((slot) => (
                <li key={slot.startsAt}>
                  <button
                    type="submit"
                    form="find-times"
                    name="slot"
                    value={slot.startsAt}
                    className="slot"
                    onClick={(event) => {
                      event.preventDefault();
                      onChoose(slot);
                    }}
                  >
                    {slot.label}
                  </button>
                </li>
              ))}
            </ul>
            {/* Joined without JavaScript, and a time has freed up since: both are said. */}
            {waitlist.fromAddress === "joined" ? (
              <WaitlistForm {...waitlist} dateLabel={dateLabel} />
            ) : null}
          </>
        ) : (
          <>
            <p>{m.booking_no_times({}, { locale })}</p>
            <WaitlistForm {...waitlist} dateLabel={dateLabel} />
          </>
        )
      ) : slotsError ? (
        <p role="alert">{slotsError}</p>
      ) : (
        <p className="booking__hint">{m.booking_hint({}, { locale })}</p>
      )}
    </section>
  );
}
