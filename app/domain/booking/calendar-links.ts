// 'Google Calendar' and 'Outlook' beside 'Add to Calendar' (issue 38, docs/product.md#after-booking):
// links that open the calendar's own "new event" form filled in with the visit. Everything in
// them comes from the visit and the salon's 'Business Details' as the caller read them, never
// from a request's headers (docs/security.md). Times are UTC instants, so each calendar shows
// them in its owner's zone, as the .ics does (app/services/email/ics.server.ts).

export interface CalendarLinkEvent {
  /** "Gel Manicure at Lumen Nail Studio". */
  title: string;
  startsAt: Date;
  endsAt: Date;
  details: string;
  /** "Lumen Nail Studio, 1 Main St, Evanston, IL 60201". */
  location: string;
}

/** 20261201T160000Z: Google's `dates` form, seconds and no milliseconds. */
function compactUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** 2026-12-01T16:00:00Z: Outlook's `startdt`/`enddt` form. */
function isoUtc(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}/, "");
}

/** Google Calendar's event template (calendar.google.com/calendar/render?action=TEMPLATE). */
export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const query = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${compactUtc(event.startsAt)}/${compactUtc(event.endsAt)}`,
    details: event.details,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

/** Outlook on the web's "add event" deep link (personal accounts; work ones are offered a sign-in). */
export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  const query = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: isoUtc(event.startsAt),
    enddt: isoUtc(event.endsAt),
    body: event.details,
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query}`;
}
