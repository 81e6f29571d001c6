import { describe, expect, it } from "vitest";
import { googleCalendarUrl, outlookCalendarUrl } from "./calendar-links";

// A visit at 10:00 AM in Chicago (CDT, UTC-5) on May 2 2026, 55 minutes, with the characters a
// salon's or a service's name may hold.
const event = {
  title: "Gel Manicure & Nail Art at Nails #1, Division",
  startsAt: new Date("2026-05-02T15:00:00.000Z"),
  endsAt: new Date("2026-05-02T15:55:00.000Z"),
  details: "Gel Manicure with Mara. Please arrive 10 minutes early; thank you!",
  location: "Nails #1, 2000 W Division St, Chicago, IL 60622",
};

describe("calendar links (issue 38)", () => {
  it("gives Google Calendar the visit's UTC times and its words intact", () => {
    const url = new URL(googleCalendarUrl(event));
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("dates")).toBe("20260502T150000Z/20260502T155500Z");
    expect(url.searchParams.get("text")).toBe(event.title);
    expect(url.searchParams.get("details")).toBe(event.details);
    expect(url.searchParams.get("location")).toBe(event.location);
  });

  it("gives Outlook the same event, its times as UTC ISO instants", () => {
    const url = new URL(outlookCalendarUrl(event));
    expect(url.origin).toBe("https://outlook.live.com");
    expect(url.searchParams.get("rru")).toBe("addevent");
    expect(url.searchParams.get("startdt")).toBe("2026-05-02T15:00:00Z");
    expect(url.searchParams.get("enddt")).toBe("2026-05-02T15:55:00Z");
    expect(url.searchParams.get("subject")).toBe(event.title);
    expect(url.searchParams.get("body")).toBe(event.details);
    expect(url.searchParams.get("location")).toBe(event.location);
  });
});
