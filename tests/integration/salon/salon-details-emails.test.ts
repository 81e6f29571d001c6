// The salon's details in its emails and calendar files (docs/product.md#the-site): the owner
// changes her phone, name, address or email in 'Business Details', and every email and .ics made
// afterwards carries the new ones, read from the database (no restart, no rebuild). Against a real
// database; every call passes a fixed `now`.
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cancelAppointment } from "~/services/appointments/staff-schedule.server";
import { bookAppointment } from "~/services/booking/booking.server";
import { submitContactEntry } from "~/services/contact/contact.server";
import { emailOutbox, siteDetails } from "~/services/db/schema.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { typeNamed } from "../../support/seeded-catalogue";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

/** Friday, May 1 2026, 10:00 AM in Chicago (CDT, UTC-5). */
const now = new Date("2026-05-01T15:00:00.000Z");
/** Saturday, May 2 2026, 10:00 AM CDT. */
const SAT_10_00 = "2026-05-02T15:00:00.000Z";
const customer = { name: "Maya Lopez", email: "maya@example.com", phone: "(773) 555-0123" };

/** An .ics file's content lines, with RFC 5545 folding undone. */
function icsLines(content: string): string[] {
  return content.replace(/\r\n /g, "").split("\r\n");
}

async function book() {
  await seedCatalogueOnce(database.db);
  const type = await typeNamed(database.db, "Reg Mani/Pedi");
  const result = await bookAppointment(
    database.db,
    { dateIso: "2026-05-02", typeId: type.id, startsAt: SAT_10_00, technician: "any", ...customer },
    { now, siteUrl: "https://salon.example" },
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.appointment;
}

async function outbox() {
  return database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt));
}

/** What the owner saves in 'Business Details' (the row the first read seeded). */
async function ownerSaves(change: Partial<typeof siteDetails.$inferInsert>) {
  await readSalonFacts(database.db);
  await database.db.update(siteDetails).set(change);
}

describe("the salon's details in emails and calendar files", () => {
  it("puts the new phone in the confirmation of a booking made after the owner changed it", async () => {
    const seeded = (await readSalonFacts(database.db)).details;
    await book();
    const before = (await outbox()).find((email) => email.toAddress === customer.email);
    expect(before?.textBody).toContain(seeded.phone);

    await database.reset();
    await ownerSaves({ phone: "+13125550199" });
    await book();
    const confirmation = (await outbox()).find((email) => email.toAddress === customer.email);
    for (const part of [confirmation?.textBody, confirmation?.htmlBody]) {
      expect(part).toContain("(312) 555-0199");
      expect(part).not.toContain(seeded.phone);
    }
    expect(confirmation?.htmlBody).toContain('href="tel:+13125550199"');
  });

  it("names the new salon, address, email and arrive-early minutes in the emails and the .ics", async () => {
    await ownerSaves({
      name: "Nails on Division",
      street: "2000 W Division St",
      zip: "60622",
      email: "front-desk@nails-on-division.example.com",
      arriveEarlyMinutes: 15,
    });
    await book();
    const emails = await outbox();
    const confirmation = emails.find((email) => email.toAddress === customer.email);
    // The salon's notice goes to the address the owner keeps now.
    const notice = emails.find(
      (email) => email.toAddress === "front-desk@nails-on-division.example.com",
    );
    expect(emails).toHaveLength(2);
    expect(confirmation?.subject).toBe(
      "Your appointment at Nails on Division: Saturday, May 2 2026 @ 10:00 AM with Mara",
    );
    expect(confirmation?.replyTo).toBe("front-desk@nails-on-division.example.com");
    expect(confirmation?.textBody).toContain("arrive 15 minutes before your confirmed time");
    expect(confirmation?.textBody).toContain(
      "--\nNails on Division\n2000 W Division St, Chicago, IL 60622\n",
    );
    expect(confirmation?.htmlBody).toContain("<strong>Nails on Division</strong>");
    for (const email of [confirmation, notice]) {
      const lines = icsLines(email?.attachments[0]?.content ?? "");
      expect(lines).toContain("SUMMARY:Reg Mani/Pedi at Nails on Division");
      expect(lines).toContain(
        "LOCATION:Nails on Division\\, 2000 W Division St\\, Chicago\\, IL 60622",
      );
      expect(lines).toContain(
        "ORGANIZER;CN=Nails on Division:mailto:front-desk@nails-on-division.example.com",
      );
      expect(lines.find((line) => line.startsWith("DESCRIPTION:"))).toContain(
        "arrive 15 minutes before",
      );
    }
  });

  it("uses the details as they are when the email is made: a cancellation after a change", async () => {
    const appointment = await book();
    await ownerSaves({ phone: "+13125550199", name: "Nails on Division" });
    const cancelled = await cancelAppointment(database.db, appointment.id, {
      now,
      cancelledBy: "owner@example.com",
    });
    expect(cancelled.ok).toBe(true);
    const emails = (await outbox()).filter((email) => email.subject.startsWith("Cancelled:"));
    const toCustomer = emails.find((email) => email.toAddress === customer.email);
    expect(toCustomer?.subject).toContain("your appointment at Nails on Division on");
    expect(toCustomer?.textBody).toContain("(312) 555-0199");
    const lines = icsLines(toCustomer?.attachments[0]?.content ?? "");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("SUMMARY:Reg Mani/Pedi at Nails on Division");
  });

  it("answers a contact message with the salon's new name and phone", async () => {
    await ownerSaves({ phone: "+13125550199", name: "Nails on Division" });
    const sent = await submitContactEntry(
      database.db,
      { name: "Maya Lopez", email: customer.email, reason: "Question", message: "Walk-ins?" },
      { now },
    );
    expect(sent.ok).toBe(true);
    const [confirmation] = (await outbox()).filter((email) => email.toAddress === customer.email);
    expect(confirmation?.subject).toBe("Thank you for your message to Nails on Division");
    expect(confirmation?.textBody).toContain("The team at Nails on Division");
    expect(confirmation?.textBody).toContain("(312) 555-0199");
    expect(confirmation?.htmlBody).toContain("(312) 555-0199");
  });
});
