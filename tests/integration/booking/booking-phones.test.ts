// A visitor's phone through the production server (docs/product.md#phone-numbers): the booking
// form takes it in any common form and the appointment keeps it as E.164; a value that is not a
// phone number is answered beside the field and books nothing. What was stored is read after the
// server stops.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointments } from "~/services/db/schema.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { type FreeSlot, findDistinctFreeSlots } from "../../support/free-slots";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";

let store: ServerStore;
let server: AppServer | undefined;
let slots: FreeSlot[];

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  const prepared = await store.open();
  try {
    await seedCatalogueOnce(prepared.db);
    slots = await findDistinctFreeSlots(prepared.db, 2);
  } finally {
    await prepared.close();
  }
  server = await startAppServer(store, { TRUST_PROXY: "1" });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

let address = 0;
async function book(slot: FreeSlot, email: string, phone: string) {
  const response = await fetch(`${server?.url}/schedule/book`, {
    method: "POST",
    body: new URLSearchParams({
      date: slot.dateIso,
      service: slot.typeId,
      technician: slot.technician,
      slot: slot.startsAt,
      name: "Phone Guest",
      email,
      phone,
    }),
    headers: {
      Accept: "application/json",
      "User-Agent": BROWSER,
      "X-Forwarded-For": `198.18.1.${++address}`,
    },
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever the server answered.
  return { status: response.status, body: (await response.json()) as any };
}

describe("a visitor's phone on /schedule/book", () => {
  it("is stored as E.164 however it was typed; a value that is not a number books nothing", async () => {
    const refused = await book(slots[0] as FreeSlot, "phone-bad@example.com", "555-01");
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      phone: "Enter a valid phone number, like (312) 555-0101",
    });
    const booked = await book(slots[0] as FreeSlot, "phone-good@example.com", "1 (312) 555.0123");
    expect(booked.status).toBe(200);

    await server?.stop("SIGTERM");
    server = undefined;
    const stored = await withStoreDatabase(store, (db) =>
      db
        .select({ email: appointments.email, phone: appointments.phone })
        .from(appointments)
        .where(eq(appointments.name, "Phone Guest")),
    );
    expect(stored).toEqual([{ email: "phone-good@example.com", phone: "+13125550123" }]);
  });
});
