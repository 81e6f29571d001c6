// Every email a customer gets about a visit, as their mail app receives it (issue 38): delivered
// over real SMTP (an in-process server on loopback) from a real database, read as MIME. Each
// greets them by name, has an HTML and a plain-text part saying the same, lists every service
// of the visit and carries a manage link at the configured address that opens that visit; the
// confirmation's .ics is read by ical.js as a calendar app would, and its 'Google Calendar' and
// 'Outlook' links carry the visit's UTC times and title. A cancelled visit's card on /manage lists
// every service too.
import ICAL from "ical.js";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { loader as manageLoader } from "~/routes/manage";
import {
  cancelByCustomer,
  findByManageToken,
  findPastByManageToken,
  visitPartsOf,
} from "~/services/appointments/manage-link.server";
import { moveByCustomer } from "~/services/appointments/move.server";
import { queueDueReminders } from "~/services/appointments/reminders.server";
import { cancelAppointment } from "~/services/appointments/staff-schedule.server";
import { bookAppointment, bookVisit } from "~/services/booking/booking.server";
import { deliverDueEmails } from "~/services/email/outbox.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { setUpEmailDesk } from "../../support/email-desk";
import { readMimeMessage } from "../../support/mime-message";
import { manicureAndPedicure, typeNamed } from "../../support/seeded-catalogue";

/** The configured address (PUBLIC_URL): every link in an email names it. */
const SITE = "https://lumen.example";
const inbox = setUpEmailDesk(SITE);

/** Wednesday, April 29 2026, 10:00 AM in Chicago; the visit is on Saturday at 10:00 AM. */
const wednesday = new Date("2026-04-29T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const customer = { name: "Maya Lopez", email: "maya@example.com", phone: "(312) 555-0199" };
const MANICURE = "Gel Polish - Gel Manicure + Nail Art (per nail)";
const PEDICURE = "Pedicure - Classic Pedicure";

async function bookTheVisit(startsAt = "2026-05-02T15:00:00.000Z") {
  const items = await manicureAndPedicure(inbox.db);
  const booked = await bookVisit(
    inbox.db,
    { dateIso: SATURDAY, startsAt, technician: "any", ...customer, items },
    { now: wednesday, siteUrl: SITE },
  );
  if (!booked.ok) throw new Error(JSON.stringify(booked));
  return booked.manageToken;
}

/** Delivers what is due and returns the one message to the customer, as its parts. */
async function deliveredToCustomer(now: Date) {
  inbox.smtp.received.length = 0;
  await deliverDueEmails(inbox.db, inbox.transport, { now });
  const mine = inbox.smtp.received.filter((mail) => mail.to.includes(customer.email));
  expect(mine).toHaveLength(1);
  const [mail] = mine;
  const parts = readMimeMessage(mail?.raw ?? "");
  if (!parts.text || !parts.html) throw new Error("an email without both parts");
  return { subject: mail?.subject ?? "", text: parts.text, html: parts.html, parts };
}

/** What every customer email about a visit says, in both parts; the link's token. */
async function expectCustomerEmail(
  email: { text: string; html: string },
  services: readonly string[],
) {
  expect(email.text.startsWith("Hello Maya Lopez,\n\n")).toBe(true);
  expect(email.html).toContain(">Hello Maya Lopez,</p>");
  for (const service of services) {
    expect(email.text).toContain(service);
    expect(email.html).toContain(service.replaceAll("&", "&amp;"));
  }
  // The salon's own design: its name over the body, in its colours and typeface, dark mode too.
  const salon = (await readSalonFacts(inbox.db)).details;
  expect(email.html).toMatch(
    new RegExp(`class="email-name"[^>]*>${salon.name.replaceAll("&", "&amp;")}<`),
  );
  expect(email.html).toContain("Cormorant Garamond");
  expect(email.html).toContain('<meta name="color-scheme" content="light dark">');
  expect(email.html).toContain("@media (prefers-color-scheme: dark)");
  const link = new RegExp(`${SITE}/manage\\?token=([A-Za-z0-9_-]{43})`).exec(email.text);
  if (!link) throw new Error(`no manage link at ${SITE} in:\n${email.text}`);
  expect(email.html).toContain(`href="${link[0]}"`);
  return link[1] as string;
}

/** The appointments a link opens: the visit, as the manage page shows it. */
async function visitOpenedBy(token: string, now: Date) {
  const found = await findByManageToken(inbox.db, token, { now });
  if (!found) return [];
  return (await visitPartsOf(inbox.db, found)).map((part) => part.typeName);
}

describe("a customer's emails about a visit (issue 38)", () => {
  it("confirms a visit by name, with every service, its manage link, an .ics and calendar links", async () => {
    await bookTheVisit();
    const email = await deliveredToCustomer(wednesday);
    const token = await expectCustomerEmail(email, [MANICURE, PEDICURE]);
    expect(await visitOpenedBy(token, wednesday)).toEqual([
      "Gel Manicure + Nail Art (per nail)",
      "Classic Pedicure",
    ]);

    // The .ics, read as a calendar app reads it.
    const salon = (await readSalonFacts(inbox.db)).details;
    const [ics] = email.parts.attachments;
    expect(ics?.contentTypeHeader).toContain("method=PUBLISH");
    const calendar = new ICAL.Component(ICAL.parse(ics?.body ?? ""));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]);
    const title = `Gel Manicure + Nail Art (per nail) and Classic Pedicure at ${salon.name}`;
    expect(event.summary).toBe(title);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-05-02T15:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-05-02T15:55:00.000Z");
    expect(event.location).toBe(
      `${salon.name}, ${salon.address.street}, ${salon.address.city}, ${salon.address.region} ${salon.address.postalCode}`,
    );
    expect(events[0]?.getFirstPropertyValue("status")).toBe("CONFIRMED");

    // 'Google Calendar' and 'Outlook': the same event, in UTC.
    const google = new URL(/Google Calendar: (\S+)/.exec(email.text)?.[1] ?? "");
    expect(google.origin).toBe("https://calendar.google.com");
    expect(google.searchParams.get("dates")).toBe("20260502T150000Z/20260502T155500Z");
    expect(google.searchParams.get("text")).toBe(title);
    expect(google.searchParams.get("location")).toBe(event.location);
    const outlook = new URL(/Outlook: (\S+)/.exec(email.text)?.[1] ?? "");
    expect(outlook.origin).toBe("https://outlook.live.com");
    expect(outlook.searchParams.get("startdt")).toBe("2026-05-02T15:00:00Z");
    expect(outlook.searchParams.get("enddt")).toBe("2026-05-02T15:55:00Z");
    expect(outlook.searchParams.get("subject")).toBe(title);
    for (const url of [google, outlook])
      expect(email.html).toContain(url.href.replaceAll("&", "&amp;"));
  });

  it("moves, reminds and cancels a visit by name, each email with every service and a link of its own", async () => {
    const token = await bookTheVisit();
    await deliveredToCustomer(wednesday);

    const moved = await moveByCustomer(
      inbox.db,
      token,
      { dateIso: SATURDAY, startsAt: "2026-05-02T18:00:00.000Z" },
      { now: wednesday },
    );
    expect(moved.ok).toBe(true);
    const movedEmail = await deliveredToCustomer(wednesday);
    expect(movedEmail.subject).toContain("Moved: your appointment at");
    const movedLink = await expectCustomerEmail(movedEmail, [MANICURE, PEDICURE]);
    expect(movedEmail.text).toContain("Was: Saturday, May 2 2026 @ 10:00 AM with");
    const movedIcs = new ICAL.Event(
      new ICAL.Component(
        ICAL.parse(movedEmail.parts.attachments[0]?.body ?? ""),
      ).getFirstSubcomponent("vevent") ?? undefined,
    );
    expect(movedIcs.startDate.toJSDate().toISOString()).toBe("2026-05-02T18:00:00.000Z");
    expect(movedIcs.sequence).toBe(1);

    // One reminder for the visit, both services in it.
    const friday = new Date("2026-05-01T18:00:00.000Z");
    expect(await queueDueReminders(inbox.db, { now: friday, leadMs: 24 * 3_600_000 })).toBe(2);
    const reminder = await deliveredToCustomer(friday);
    expect(reminder.subject).toContain("Reminder: your appointment at");
    const reminderLink = await expectCustomerEmail(reminder, [MANICURE, PEDICURE]);

    // Each email's link opens the visit, and the confirmation's still does.
    for (const link of [token, movedLink, reminderLink]) {
      expect(await visitOpenedBy(link, friday)).toHaveLength(2);
    }
    expect(new Set([token, movedLink, reminderLink]).size).toBe(3);

    const thursday = new Date("2026-04-30T15:00:00.000Z");
    expect((await cancelByCustomer(inbox.db, reminderLink, { now: thursday })).ok).toBe(true);
    const cancelled = await deliveredToCustomer(thursday);
    expect(cancelled.subject).toContain("Cancelled: your appointment at");
    const cancelledLink = await expectCustomerEmail(cancelled, [MANICURE, PEDICURE]);
    // Its link opens the cancelled visit's page ('Book Again'); the .ics marks the event cancelled.
    const past = await findPastByManageToken(inbox.db, cancelledLink, { now: thursday });
    expect(past?.cancelled).toBe(true);
    // And its card lists every service of the visit, as the manage page's loader gives it.
    const context = Object.assign(new RouterContextProvider(), { db: inbox.db });
    const request = new Request(`${SITE}/manage?token=${cancelledLink}`);
    const page = (await manageLoader({ request, context, params: {} } as never)) as {
      data: { state: string; service: string };
    };
    expect(page.data).toMatchObject({ state: "over", service: `${MANICURE}, ${PEDICURE}` });
    const cancelledIcs = new ICAL.Component(ICAL.parse(cancelled.parts.attachments[0]?.body ?? ""));
    expect(cancelledIcs.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(cancelledIcs.getFirstSubcomponent("vevent")?.getFirstPropertyValue("status")).toBe(
      "CANCELLED",
    );
  });

  it("tells a customer the front desk cancelled one service, by name and with a link", async () => {
    const pedicure = await typeNamed(inbox.db, "Classic Pedicure");
    const booked = await bookAppointment(
      inbox.db,
      { dateIso: SATURDAY, typeId: pedicure.id, startsAt: "2026-05-02T16:00:00.000Z", ...customer },
      { now: wednesday },
    );
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    await deliveredToCustomer(wednesday);
    const result = await cancelAppointment(inbox.db, booked.appointment.id, {
      now: wednesday,
      cancelledBy: "owner@example.com",
    });
    expect(result.ok).toBe(true);
    const email = await deliveredToCustomer(wednesday);
    await expectCustomerEmail(email, [PEDICURE]);
  });
});
