import { BOOKING_FIELD_MESSAGES } from "~/domain/booking/booking-limits";
import { DEFAULT_LOCALE, type Locale } from "~/domain/i18n/locale";
import { PHONE_MESSAGE } from "~/domain/phone";
import { m } from "~/paraglide/messages.js";

// The booking form's field errors in the page's language (issue 39). The schema that checks the
// form (domain/booking/booking-schema.ts) is shared with the staff's 'Add Appointment', which
// stays English, so it writes its refusals in English; the public booking's answer says each in
// the page's language here, at the edge. A refusal not listed (one only a hand-made request can
// meet) keeps its English.

/** The schema's English refusals and what each says in the catalogue. */
const SAID: Record<string, (locale: Locale) => string> = {
  [BOOKING_FIELD_MESSAGES.required]: (locale) => m.booking_field_required({}, { locale }),
  [BOOKING_FIELD_MESSAGES.email]: (locale) => m.booking_field_email({}, { locale }),
  [PHONE_MESSAGE]: (locale) => m.booking_field_phone({}, { locale }),
  "Choose a time": (locale) => m.booking_field_time({}, { locale }),
};

/** One field's refusal in `locale`. */
export function bookingFieldError(english: string, locale: Locale): string {
  const said = SAID[english];
  if (said) return said(locale);
  const tooLong = /^At most (\d+) characters$/.exec(english)?.[1];
  return tooLong ? m.booking_field_too_long({ max: tooLong }, { locale }) : english;
}

/** A form's field errors in `locale`. */
export function bookingFieldErrors(
  fieldErrors: Record<string, string>,
  locale: Locale,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, text]) => [field, bookingFieldError(text, locale)]),
  );
}

/** The listing budget's refusal (docs/security.md#listing-budget), in `locale`. */
export const tooManySearches = (locale: Locale) => m.booking_too_many_searches({}, { locale });

/** The listings' refusals (the times, a month's days) and what each says in the catalogue. */
const SEARCH_SAID: Record<string, (locale: Locale) => string> = {
  "Choose a service.": (locale) => m.booking_refused_service({}, { locale }),
  "Choose a date.": (locale) => m.booking_refused_date({}, { locale }),
  "Choose a month.": (locale) => m.booking_refused_month({}, { locale }),
  "Choose one of the service's workers.": (locale) => m.booking_refused_worker({}, { locale }),
  "Choose add-ons offered with the service.": (locale) => m.booking_refused_addons({}, { locale }),
};

/**
 * Why a search lists no times, in `locale`: a link to a service the salon has since removed, a
 * worker who left, or an address someone edited. English as the listing wrote it; in Spanish each
 * known reason, and any other (a parameter given twice, too long, unreadable) as "No pudimos leer
 * este enlace".
 */
export function searchRefusal(english: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return english;
  const said = SEARCH_SAID[english];
  return said ? said(locale) : m.booking_refused_unreadable({}, { locale });
}
