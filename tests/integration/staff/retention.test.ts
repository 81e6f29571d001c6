// What the privacy notice promises (app/services/staff/retention.server.ts, docs/product.md#privacy),
// against a real database: each period removes what it names and nothing younger, and
// 'Forget Customer' removes one customer's details at once.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  appointments,
  contactEntries,
  customerNotes,
  emailOutbox,
  staffActions,
  waitlistEntries,
} from "~/services/db/schema.server";
import {
  applyRetention,
  FORGOTTEN,
  forgetCustomer,
  RETENTION_DAYS,
} from "~/services/staff/retention.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

const now = new Date("2026-11-24T18:00:00.000Z");
const daysAgo = (days: number, extraMs = 0) =>
  new Date(now.getTime() - days * 86_400_000 + extraMs);

async function visit(
  email: string,
  startsAt: Date,
  status: "booked" | "cancelled" = "booked",
  technician = "Mara",
) {
  const [row] = await database.db
    .insert(appointments)
    .values({
      name: "Ana Diaz",
      email,
      phone: "(312) 555-0101",
      typeName: "Gel Manicure",
      category: "Manicure",
      technician,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 45 * 60_000),
      priceCents: 5000,
      channel: "staff" as const,
      status,
      manageTokenHash: `hash-${startsAt.getTime()}-${email}`,
    })
    .returning();
  if (!row) throw new Error("not stored");
  return row;
}

async function email(toAddress: string, status: "pending" | "sent" | "failed", sentAt: Date) {
  await database.db.insert(emailOutbox).values({
    toAddress,
    subject: "Your appointment",
    textBody: "Hello",
    status,
    sentAt: status === "sent" ? sentAt : null,
    nextAttemptAt: sentAt,
  });
}

async function message(emailAddress: string, createdAt: Date) {
  await database.db.insert(contactEntries).values({
    name: "Ana Diaz",
    email: emailAddress,
    reason: "Question",
    message: "Do you do gel removal?",
    createdAt,
  });
}

describe("the periods of the privacy notice", () => {
  it("removes what is older than its period, and nothing younger", async () => {
    const edge = 60_000; // a minute either side of each period's end
    const old = await visit("old@example.com", daysAgo(RETENTION_DAYS.appointment + 1));
    const recent = await visit("recent@example.com", daysAgo(RETENTION_DAYS.appointment - 1));
    await email("a@example.com", "sent", daysAgo(RETENTION_DAYS.email, -edge));
    await email("b@example.com", "sent", daysAgo(RETENTION_DAYS.email, edge));
    await email("c@example.com", "failed", daysAgo(RETENTION_DAYS.email, -edge));
    // Not sent yet: never removed by age, it is still on its way.
    await email("d@example.com", "pending", daysAgo(RETENTION_DAYS.email + 5));
    await message("old@example.com", daysAgo(RETENTION_DAYS.message, -edge));
    await message("new@example.com", daysAgo(RETENTION_DAYS.message, edge));
    await database.db.insert(customerNotes).values([
      {
        emailKey: "old@example.com",
        note: "Almond, short",
        updatedBy: "owner@example.com",
        updatedAt: daysAgo(RETENTION_DAYS.appointment + 1),
      },
      {
        emailKey: "recent@example.com",
        note: "Square",
        updatedBy: "owner@example.com",
        updatedAt: daysAgo(RETENTION_DAYS.appointment + 1),
      },
    ]);
    await database.db.insert(staffActions).values([
      {
        at: daysAgo(RETENTION_DAYS.activity, -edge),
        actorEmail: "owner@example.com",
        action: "Old",
      },
      {
        at: daysAgo(RETENTION_DAYS.activity, edge),
        actorEmail: "owner@example.com",
        action: "New",
      },
    ]);

    // A place on the waitlist is for its day: yesterday's goes, today's stays (the salon's day:
    // 18:00 UTC is noon in Chicago).
    const waiting = (day: string) => ({
      day,
      line: `${day}/gel,any`,
      items: [{ typeId: "gel", technician: "any", addOnIds: [] }],
      service: "Gel Manicure",
      name: "Ana Diaz",
      email: "wait@example.com",
      periods: [],
    });
    await database.db
      .insert(waitlistEntries)
      .values([waiting("2026-11-23"), waiting("2026-11-24")]);

    expect(await applyRetention(database.db, now)).toEqual({
      emails: 2,
      messages: 1,
      appointments: 1,
      notes: 1,
      activity: 1,
      waitlist: 1,
    });
    expect((await database.db.select().from(waitlistEntries)).map((w) => w.day)).toEqual([
      "2026-11-24",
    ]);
    const visits = await database.db.select().from(appointments);
    expect(visits.find((v) => v.id === old.id)).toMatchObject({
      name: FORGOTTEN.name,
      email: FORGOTTEN.email,
      phone: null,
      manageTokenHash: null,
      typeName: "Gel Manicure",
      startsAt: old.startsAt,
    });
    expect(visits.find((v) => v.id === recent.id)).toMatchObject({
      name: "Ana Diaz",
      email: "recent@example.com",
    });
    expect((await database.db.select().from(emailOutbox)).map((e) => e.toAddress).sort()).toEqual([
      "b@example.com",
      "d@example.com",
    ]);
    expect((await database.db.select().from(contactEntries)).map((m) => m.email)).toEqual([
      "new@example.com",
    ]);
    expect((await database.db.select().from(customerNotes)).map((n) => n.emailKey)).toEqual([
      "recent@example.com",
    ]);
    expect((await database.db.select().from(staffActions)).map((a) => a.action)).toEqual(["New"]);
    // Run again (another process, the next hour): nothing more to do.
    expect(await applyRetention(database.db, now)).toEqual({
      emails: 0,
      messages: 0,
      appointments: 0,
      notes: 0,
      activity: 0,
      waitlist: 0,
    });
  });
});

describe("Forget Customer", () => {
  it("removes one customer's details from every visit and deletes their messages, notes and sent emails", async () => {
    const past = await visit("Ana@Example.com", daysAgo(30));
    const cancelled = await visit("ana@example.com", daysAgo(10), "cancelled");
    const other = await visit("bea@example.com", daysAgo(30), "booked", "Lena");
    await message("ana@example.com", daysAgo(5));
    await message("bea@example.com", daysAgo(5));
    await email("ana@example.com", "sent", daysAgo(2));
    await email("ana@example.com", "pending", daysAgo(0));
    // The salon's notice of her booking, which replies to her.
    await database.db.insert(emailOutbox).values({
      toAddress: "hello@2x10nails.example.com",
      replyTo: "ana@example.com",
      subject: "New booking",
      textBody: "Customer: Ana Diaz",
      status: "sent",
      sentAt: daysAgo(2),
    });
    await database.db.insert(customerNotes).values({
      emailKey: "ana@example.com",
      note: "Allergic to acrylic",
      updatedBy: "owner@example.com",
    });
    // Her place on a waitlist (stored as the join stores it: the address in lower case).
    await database.db.insert(waitlistEntries).values({
      day: "2026-12-01",
      line: "2026-12-01/gel,any",
      items: [{ typeId: "gel", technician: "any", addOnIds: [] }],
      service: "Gel Manicure",
      name: "Ana Diaz",
      email: "ana@example.com",
      periods: [],
    });

    expect(await forgetCustomer(database.db, " ANA@example.com ", now)).toEqual({
      ok: true,
      appointments: 2,
      messages: 1,
      emails: 2,
      waitlist: 1,
    });
    expect(await database.db.select().from(waitlistEntries)).toEqual([]);
    for (const id of [past.id, cancelled.id]) {
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row).toMatchObject({ name: FORGOTTEN.name, email: FORGOTTEN.email, phone: null });
    }
    const [kept] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, other.id));
    expect(kept).toMatchObject({ name: "Ana Diaz", email: "bea@example.com" });
    expect((await database.db.select().from(contactEntries)).map((m) => m.email)).toEqual([
      "bea@example.com",
    ]);
    expect(await database.db.select().from(customerNotes)).toEqual([]);
    // The email still on its way is delivered (and goes 30 days after).
    expect((await database.db.select().from(emailOutbox)).map((e) => e.status)).toEqual([
      "pending",
    ]);
    expect(await forgetCustomer(database.db, "ana@example.com", now)).toEqual({
      ok: false,
      kind: "not-found",
    });
  });

  it("refuses while an appointment is still to come, changing nothing", async () => {
    await visit("ana@example.com", daysAgo(30));
    await visit("ana@example.com", daysAgo(-3));
    expect(await forgetCustomer(database.db, "ana@example.com", now)).toEqual({
      ok: false,
      kind: "upcoming",
      count: 1,
    });
    const rows = await database.db.select().from(appointments);
    expect(rows.every((row) => row.email === "ana@example.com")).toBe(true);
  });
});
