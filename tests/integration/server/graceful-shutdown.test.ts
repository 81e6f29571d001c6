// Graceful shutdown (issue 8): SIGTERM while bookings are in flight. The requests were sent before
// the signal and their bodies finish arriving after it; each must still be answered (confirmed),
// the process must exit 0, and every email must reach a real SMTP server exactly once, across the
// stop and a restart (the restarted server delivers what the stopped one had not sent yet).
import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { emailOutbox } from "~/services/db/schema.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
} from "../../support/app-server";
import { type FreeSlot, findDistinctFreeSlots } from "../../support/free-slots";
import { startSmtpServer, type TestSmtpServer } from "../../support/smtp-server";

const BEFORE = 2;
const IN_FLIGHT = 4;

let store: ServerStore | undefined;
let server: AppServer | undefined;
let smtp: TestSmtpServer | undefined;
afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
  await smtp?.stop();
});

function bookingBody(slot: FreeSlot, email: string): string {
  return new URLSearchParams({
    date: slot.dateIso,
    service: slot.typeId,
    technician: slot.technician,
    slot: slot.startsAt,
    name: "Shutdown Test",
    email,
  }).toString();
}

/**
 * A booking POST whose body is sent in two parts: the request is under way once the first part
 * is written; `finish()` sends the rest and resolves with the answer.
 */
function startSlowBooking(url: string, body: string, address: string) {
  const half = Math.floor(body.length / 2);
  let answer!: Promise<{ status: number; text: string }>;
  const written = new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.request(`${url}/schedule/book`, {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(body)),
        "X-Forwarded-For": address,
      },
    });
    answer = new Promise((resolveAnswer, rejectAnswer) => {
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolveAnswer({ status: response.statusCode ?? 0, text }));
        response.on("error", rejectAnswer);
      });
      request.on("error", rejectAnswer);
    });
    request.on("error", reject);
    request.write(body.slice(0, half), () => resolve(request));
  });
  return {
    written,
    async finish() {
      (await written).end(body.slice(half));
      return answer;
    },
  };
}

describe("graceful shutdown", () => {
  it("finishes the requests in flight on SIGTERM, exits 0, and delivers every email once", async () => {
    await ensureProductionBuild();
    smtp = await startSmtpServer();
    store = await createServerStore();
    const prepared = await store.open();
    let slots: FreeSlot[];
    try {
      await seedCatalogueOnce(prepared.db);
      slots = await findDistinctFreeSlots(prepared.db, BEFORE + IN_FLIGHT);
    } finally {
      await prepared.close();
    }
    const env = { TRUST_PROXY: "1", SMTP_URL: smtp.url };
    server = await startAppServer(store, env);
    const first = server;
    const emails = slots.map((_, i) => `shutdown-${i}@example.com`);

    // Bookings made and answered before the stop: their emails are on their way.
    for (let i = 0; i < BEFORE; i++) {
      const slot = slots[i] as FreeSlot;
      const response = await fetch(`${first.url}/schedule/book`, {
        method: "POST",
        body: new URLSearchParams(bookingBody(slot, emails[i] as string)),
        headers: { "X-Forwarded-For": `198.51.100.${i + 1}` },
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(emails[i]);
    }

    // Requests in flight: sent, half their body on the wire, when SIGTERM arrives.
    const slow = slots
      .slice(BEFORE)
      .map((slot, i) =>
        startSlowBooking(
          first.url,
          bookingBody(slot, emails[BEFORE + i] as string),
          `198.51.100.${BEFORE + i + 1}`,
        ),
      );
    await Promise.all(slow.map((booking) => booking.written));
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the server has read the headers
    const exited = first.stop("SIGTERM");
    await first.waitForOutput(/SIGTERM received/);
    // New connections are refused from now on.
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();
    const answers = await Promise.all(slow.map((booking) => booking.finish()));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).toContain(emails[BEFORE + i]);
    }
    expect(await exited).toBe(0);
    const sentBeforeRestart = smtp.received.length;

    // The restarted server sends whatever was still in the outbox; nothing goes twice.
    server = await startAppServer(store, env);
    const second = server;
    const expected = 2 * emails.length; // a confirmation to the customer, a notice to the salon
    const deadline = Date.now() + 30_000;
    while (smtp.received.length < expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await second.stop("SIGTERM")).toBe(0);

    const perRecipient = new Map<string, number>();
    for (const message of smtp.received) {
      for (const to of message.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    for (const email of emails) expect(perRecipient.get(email), email).toBe(1);
    expect(perRecipient.get(business.email)).toBe(emails.length);
    expect(smtp.received).toHaveLength(expected);

    // Nothing is left half-sent for a later technician to send again.
    const database = await store.open();
    try {
      const statuses = await database.db
        .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .groupBy(emailOutbox.status);
      expect(statuses).toEqual([{ status: "sent", n: expected }]);
    } finally {
      await database.close();
    }
    console.log(
      `graceful shutdown (${store.kind}): ${IN_FLIGHT} bookings in flight at SIGTERM all confirmed, ` +
        `exit 0; ${sentBeforeRestart} of ${expected} emails sent before the stop, the rest after ` +
        `the restart; each customer got 1, the salon ${perRecipient.get(business.email)}`,
    );
  }, 180_000);
});
