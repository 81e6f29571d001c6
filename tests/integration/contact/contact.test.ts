import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { business } from "~/content/business";
import {
  deleteContactEntry,
  listContactEntries,
  listContactEntriesPage,
  markContactHandled,
  submitContactEntry,
} from "~/services/contact/contact.server";
import { contactEntries, emailOutbox } from "~/services/db/schema.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

const valid = {
  name: "Maya Lopez",
  email: "maya@example.com",
  reason: "Question",
  message: "Do you take walk-ins on Saturdays?",
};

async function storedRows() {
  return {
    entries: await database.db.select().from(contactEntries),
    emails: await database.db.select().from(emailOutbox),
  };
}

describe("submitContactEntry", () => {
  it("stores the entry with its date and queues both emails", async () => {
    const now = new Date("2025-05-06T19:05:00.000Z");
    const result = await submitContactEntry(database.db, valid, { now });
    expect(result.ok).toBe(true);
    if (!result.ok) return;

    const { entries, emails } = await storedRows();
    expect(entries).toEqual([
      {
        id: result.id,
        ...valid,
        createdAt: now,
        handledAt: null,
        handledBy: null,
        language: "en",
      },
    ]);
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(email).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: now });
    }
    const confirmation = emails.find((email) => email.toAddress === valid.email);
    const notice = emails.find((email) => email.toAddress === business.email);
    expect(confirmation?.subject).toContain(business.name);
    // The salon's words open it, never the name a stranger typed.
    expect(confirmation?.textBody.startsWith("Hello,\n\nThank you for writing to")).toBe(true);
    expect(confirmation?.textBody).not.toContain("Maya Lopez");
    expect(confirmation?.textBody).toContain("Your question has reached us");
    expect(confirmation?.textBody).toContain(business.phone);
    expect(confirmation?.htmlBody).toContain(business.phone);
    // A stranger's text is not relayed to the address they typed.
    expect(confirmation?.textBody).not.toContain(valid.message);
    expect(notice?.textBody).toContain(valid.message);
    expect(notice?.replyTo).toBe(valid.email);
    expect(notice?.subject).toBe("New question from Maya Lopez");
    // Received time in the salon's zone (America/Chicago, CDT in May): 2:05 PM.
    expect(notice?.textBody).toContain("Tuesday, May 6, 2025 at 2:05");
    expect(notice?.htmlBody).toContain("maya@example.com");
  });

  it("trims values and lists entries newest first", async () => {
    await submitContactEntry(database.db, valid, { now: new Date("2025-05-01T10:00:00Z") });
    await submitContactEntry(
      database.db,
      { ...valid, name: "  Ana  ", reason: "Comment" },
      { now: new Date("2025-05-02T10:00:00Z") },
    );
    const entries = await listContactEntries(database.db);
    expect(entries.map((entry) => [entry.name, entry.reason])).toEqual([
      ["Ana", "Comment"],
      ["Maya Lopez", "Question"],
    ]);
  });

  it.each([
    [
      "everything empty",
      { name: "", email: "", reason: "", message: "" },
      ["name", "email", "reason", "message"],
    ],
    ["blank after trimming", { ...valid, name: "   ", message: "\n\t " }, ["name", "message"]],
    ["a bad email", { ...valid, email: "maya@" }, ["email"]],
    ["an unknown reason", { ...valid, reason: "Complaint" }, ["reason"]],
    ["an oversized message", { ...valid, message: "x".repeat(2001) }, ["message"]],
    ["an oversized name", { ...valid, name: "x".repeat(101) }, ["name"]],
    [
      "non-string values",
      { name: 42, email: ["a@b.co"], reason: null, message: { text: "hi" } },
      ["name", "email", "reason", "message"],
    ],
    ["missing fields", { name: "Maya" }, ["email", "reason", "message"]],
    ["no object at all", null, ["name", "email", "reason", "message"]],
  ])("refuses %s with field errors and writes nothing", async (_case, input, fields) => {
    const result = await submitContactEntry(database.db, input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual([...fields].sort());
    for (const message of Object.values(result.fieldErrors)) expect(message).toBeTruthy();
    expect(await storedRows()).toEqual({ entries: [], emails: [] });
  });

  it("says Required for a missing or non-text field", async () => {
    const result = await submitContactEntry(database.db, { ...valid, name: 7, message: undefined });
    expect(result).toEqual({ ok: false, fieldErrors: { name: "Required", message: "Required" } });
  });

  it("escapes what the visitor typed in the HTML bodies", async () => {
    const name = `<script>alert("hi")</script> & "Maya"`;
    const message = `<img src=x onerror=alert(1)>\nSecond line <b>bold</b>`;
    const result = await submitContactEntry(database.db, { ...valid, name, message });
    expect(result.ok).toBe(true);
    const { emails } = await storedRows();
    expect(emails).toHaveLength(2);
    const escapedName = "&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &quot;Maya&quot;";
    for (const email of emails) {
      const html = email.htmlBody ?? "";
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img");
      expect(html).not.toContain("<b>bold");
    }
    const notice = emails.find((email) => email.toAddress === business.email);
    expect(notice?.htmlBody).toContain(escapedName);
    expect(notice?.htmlBody).toContain("&lt;img src=x onerror=alert(1)&gt;<br>");
    // The plain-text body keeps the text as typed.
    expect(notice?.textBody).toContain(message);
  });

  it("refuses a name on several lines (a header injection), storing nothing", async () => {
    const result = await submitContactEntry(database.db, {
      ...valid,
      name: "Maya\r\nBcc: victim@example.com",
    });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { name: "Write the name on one line, without special characters" },
    });
    expect(await storedRows()).toEqual({ entries: [], emails: [] });
  });

  it("writes the entry and its emails together or not at all", async () => {
    // Make the database refuse the last write of the transaction (the notice to the salon):
    // the entry and the confirmation written before it must go too.
    await database.db.execute(
      sql.raw(
        `alter table email_outbox add constraint test_refuse_notice check (to_address <> '${business.email}')`,
      ),
    );
    try {
      await expect(submitContactEntry(database.db, valid)).rejects.toMatchObject({
        cause: { message: expect.stringContaining("test_refuse_notice") },
      });
    } finally {
      await database.db.execute(sql`alter table email_outbox drop constraint test_refuse_notice`);
    }
    expect(await storedRows()).toEqual({ entries: [], emails: [] });
  });
});

describe("staff on the contact entries (the dashboard)", () => {
  it("lists 50 a page, newest first, and says how many pages", async () => {
    const start = Date.parse("2025-05-01T10:00:00Z");
    for (let i = 0; i < 51; i++) {
      await submitContactEntry(
        database.db,
        { ...valid, message: `Message ${i}` },
        { now: new Date(start + i * 60_000) },
      );
    }
    const first = await listContactEntriesPage(database.db, 1);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 51 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]?.message).toBe("Message 50");
    const second = await listContactEntriesPage(database.db, 2);
    expect(second.entries.map((entry) => entry.message)).toEqual(["Message 0"]);
    // A page past the last, or not a page at all, is the nearest one.
    expect((await listContactEntriesPage(database.db, 9)).page).toBe(2);
    expect((await listContactEntriesPage(database.db, Number.NaN)).page).toBe(1);
  });

  it("marks one handled (who and when) and open again; deletes one for good", async () => {
    const now = new Date("2025-05-06T19:00:00Z");
    const kept = await submitContactEntry(database.db, valid, { now });
    const gone = await submitContactEntry(database.db, { ...valid, name: "Ana" }, { now });
    if (!kept.ok || !gone.ok) throw new Error("not stored");
    expect(
      await markContactHandled(database.db, kept.id, { by: "owner@example.com", now }),
    ).toEqual({ name: valid.name });
    expect((await listContactEntries(database.db)).find((e) => e.id === kept.id)).toMatchObject({
      handledAt: now,
      handledBy: "owner@example.com",
    });
    expect(await markContactHandled(database.db, kept.id, false)).toEqual({ name: valid.name });
    expect((await listContactEntries(database.db)).find((e) => e.id === kept.id)).toMatchObject({
      handledAt: null,
      handledBy: null,
    });
    expect(await deleteContactEntry(database.db, gone.id)).toEqual({ name: "Ana" });
    expect((await listContactEntries(database.db)).map((entry) => entry.id)).toEqual([kept.id]);
    expect(await deleteContactEntry(database.db, gone.id)).toBeNull();
    expect(await markContactHandled(database.db, "not-an-id", { by: "x" })).toBeNull();
  });
});

describe("a contact message's language (issue 39)", () => {
  it("is the Spanish page's when it sends 'es', English otherwise, and nothing else is taken", async () => {
    const spanish = await submitContactEntry(database.db, {
      ...valid,
      message: "¿Atienden sin cita los sábados?",
      locale: "es",
    });
    const english = await submitContactEntry(database.db, valid);
    expect(spanish.ok && english.ok).toBe(true);
    const byMessage = new Map(
      (await listContactEntries(database.db)).map((entry) => [entry.message, entry.language]),
    );
    expect(byMessage.get("¿Atienden sin cita los sábados?")).toBe("es");
    expect(byMessage.get(valid.message)).toBe("en");

    const refused = await submitContactEntry(database.db, { ...valid, locale: "xx" });
    expect(refused).toEqual({ ok: false, fieldErrors: { locale: "Choose English or Español" } });
    expect(await listContactEntries(database.db)).toHaveLength(2);
  });

  it("answers a Spanish message in Spanish, and tells the salon in English", async () => {
    await submitContactEntry(database.db, { ...valid, locale: "es" });
    const { emails } = await storedRows();
    const confirmation = emails.find((email) => email.toAddress === valid.email);
    const notice = emails.find((email) => email.toAddress === business.email);
    expect(confirmation?.subject).toBe(`Gracias por su mensaje a ${business.name}`);
    expect(confirmation?.textBody.startsWith("Hola:\n\nGracias por escribir a")).toBe(true);
    expect(confirmation?.textBody).toContain("Recibimos su pregunta;");
    expect(confirmation?.textBody).toContain(business.phone);
    expect(confirmation?.htmlBody).toContain('<html lang="es-US">');
    expect(notice?.subject).toBe("New question from Maya Lopez");
    expect(notice?.htmlBody).toContain('<html lang="en">');
  });
});
