// A crash in the middle of bookings (issue 8, "Crash"): several clients book distinct free times
// through the production server's booking action, the server is killed with SIGKILL while
// requests are in flight, and restarted on the same data (the embedded data folder, or the same
// PostgreSQL database when TEST_DATABASE_URL is set). Every booking confirmed to a client must be
// stored, and none twice: a client whose request died with the server tries again once, as a
// person would, and must then be told the time is taken if the first attempt had been stored.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { appointments, emailOutbox } from "~/services/db/schema.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
} from "../../support/app-server";
import { type FreeSlot, findDistinctFreeSlots } from "../../support/free-slots";

const CLIENTS = 6;
const BOOKINGS_PER_CLIENT = 12;
/** The server dies once this many bookings were confirmed (about a third of them). */
const KILL_AFTER_CONFIRMED = 25;

type Outcome = "confirmed" | "taken" | "lost";

interface Attempt {
  client: number;
  slot: FreeSlot;
  email: string;
  /** Each attempt is another customer (docs/product.md#booking-limit counts by phone too). */
  phone: string;
  outcome?: Outcome;
  retry?: Outcome;
}

let store: ServerStore | undefined;
let server: AppServer | undefined;
afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

/** The confirm dialog's POST, as the booking island sends it (/schedule/book). */
async function book(url: string, attempt: Attempt, address: string): Promise<Outcome> {
  const { slot } = attempt;
  const body = new URLSearchParams({
    date: slot.dateIso,
    service: slot.typeId,
    technician: slot.technician,
    slot: slot.startsAt,
    name: `Crash Customer ${attempt.client}`,
    email: attempt.email,
    phone: attempt.phone,
  });
  try {
    const response = await fetch(`${url}/schedule/book`, {
      method: "POST",
      body,
      headers: { "X-Forwarded-For": address },
    });
    const text = await response.text();
    if (response.status === 200 && text.includes(attempt.email)) return "confirmed";
    if (response.status === 409) return "taken";
    throw new Error(`Unexpected answer ${response.status}: ${text.slice(0, 300)}`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("Unexpected answer")) throw error;
    return "lost"; // the connection died with the server: the client does not know
  }
}

describe("a crash (SIGKILL) in the middle of bookings", () => {
  it("keeps every confirmed booking after a restart on the same data, and none twice", async () => {
    await ensureProductionBuild();
    store = await createServerStore();
    const prepared = await store.open();
    let slots: FreeSlot[];
    try {
      await seedCatalogueOnce(prepared.db);
      slots = await findDistinctFreeSlots(prepared.db, CLIENTS * BOOKINGS_PER_CLIENT);
    } finally {
      await prepared.close();
    }
    server = await startAppServer(store, { TRUST_PROXY: "1" });
    const first = server;

    const attempts: Attempt[] = slots.map((slot, index) => ({
      client: index % CLIENTS,
      slot,
      email: `crash-${index}@example.com`,
      phone: `(312) 555-${String(index).padStart(4, "0")}`,
    }));
    let confirmed = 0;
    let killed: Promise<number | null> | undefined;
    const startedAt = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (const attempt of attempts.filter((a) => a.client === client)) {
          if (killed) break;
          attempt.outcome = await book(first.url, attempt, `192.0.2.${client + 1}`);
          if (attempt.outcome === "lost") break;
          if (attempt.outcome === "confirmed" && ++confirmed === KILL_AFTER_CONFIRMED) {
            killed = first.stop("SIGKILL");
          }
        }
      }),
    );
    expect(killed, "the server was killed mid-way").toBeDefined();
    expect(await killed).toBeNull(); // ended by the signal, not by itself
    const lost = attempts.filter((a) => a.outcome === "lost");
    const killSeconds = (performance.now() - startedAt) / 1000;

    // Restart on the same data; every client whose request died tries once more.
    const restartedAt = performance.now();
    server = await startAppServer(store, { TRUST_PROXY: "1" });
    const restartSeconds = (performance.now() - restartedAt) / 1000;
    const second = server;
    await Promise.all(
      lost.map(async (attempt) => {
        attempt.retry = await book(second.url, attempt, `192.0.2.${attempt.client + 101}`);
      }),
    );
    expect(await second.stop("SIGTERM")).toBe(0);

    const database = await store.open();
    try {
      const stored = await database.db
        .select({ email: appointments.email, startsAt: appointments.startsAt })
        .from(appointments)
        .where(eq(appointments.status, "booked"));
      const rowsOf = (email: string) => stored.filter((row) => row.email === email);
      const outboxOf = async (email: string) =>
        (
          await database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(emailOutbox)
            .where(and(eq(emailOutbox.toAddress, email)))
        )[0]?.n;

      const confirmedAttempts = attempts.filter(
        (a) => a.outcome === "confirmed" || a.retry === "confirmed",
      );
      for (const attempt of confirmedAttempts) {
        const rows = rowsOf(attempt.email);
        expect(rows, `${attempt.email} was confirmed`).toHaveLength(1);
        expect(rows[0]?.startsAt.toISOString()).toBe(attempt.slot.startsAt);
        // Its confirmation email was queued in the same transaction, once.
        expect(await outboxOf(attempt.email), `${attempt.email} confirmation`).toBe(1);
      }
      for (const attempt of lost) {
        // Stored before the crash (the retry was told "taken"), or by the retry: once either way.
        expect(rowsOf(attempt.email), `${attempt.email} after the retry`).toHaveLength(1);
        expect(attempt.retry).not.toBe("lost");
      }
      // Nothing else was stored: only attempted bookings, each at most once.
      const attempted = new Set(attempts.filter((a) => a.outcome).map((a) => a.email));
      expect(stored.every((row) => attempted.has(row.email ?? ""))).toBe(true);
      expect(new Set(stored.map((row) => row.email)).size).toBe(stored.length);

      console.log(
        `crash (${store.kind}): ${CLIENTS} clients, ${confirmed} bookings confirmed, SIGKILL after ` +
          `${killSeconds.toFixed(1)} s with ${lost.length} requests in flight ` +
          `(${lost.filter((a) => a.retry === "taken").length} had been stored: retry told "taken"; ` +
          `${lost.filter((a) => a.retry === "confirmed").length} had not: retry confirmed); ` +
          `restart ${restartSeconds.toFixed(1)} s; ${stored.length} appointments stored, ` +
          `${confirmedAttempts.length} confirmed to clients, none twice`,
      );
    } finally {
      await database.close();
    }
  }, 180_000);
});
