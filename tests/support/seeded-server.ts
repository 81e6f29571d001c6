// One production server with what the query tests need in it (tests/integration/malformed-queries
// and hostile-queries): the seeded catalogue, the owner and a Staff account signed in, and an
// upcoming booking with its manage link. It trusts X-Forwarded-For (TRUST_PROXY=1), as behind the
// reverse proxy, so a test can play many clients and stay under the per-client rate limits.
import { bookAppointment } from "~/services/booking/booking.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
} from "./app-server";
import { findDistinctFreeSlots } from "./free-slots";
import { signInOwnerAndStaff } from "./staff-accounts";

export interface SeededServer {
  server: AppServer;
  store: ServerStore;
  /** A seeded service's id. */
  serviceId: string;
  /** The manage link's token of an upcoming booking. */
  manageToken: string;
  ownerCookie: string;
  staffCookie: string;
  stop(): Promise<void>;
}

export async function startSeededServer(): Promise<SeededServer> {
  await ensureProductionBuild();
  const store = await createServerStore();
  const prepared = await store.open();
  let setup: Omit<SeededServer, "server" | "store" | "stop">;
  try {
    await seedCatalogueOnce(prepared.db);
    const [slot] = await findDistinctFreeSlots(prepared.db, 1);
    if (!slot) throw new Error("No free time to book");
    const booked = await bookAppointment(prepared.db, {
      dateIso: slot.dateIso,
      typeId: slot.typeId,
      technician: slot.technician,
      startsAt: slot.startsAt,
      name: "Link Owner",
      email: "link-owner@example.com",
    });
    if (!booked.ok) throw new Error(`Could not book: ${JSON.stringify(booked)}`);
    const cookies = await signInOwnerAndStaff(prepared.db, "staff@example.com");
    setup = { serviceId: slot.typeId, manageToken: booked.manageToken, ...cookies };
  } finally {
    await prepared.close();
  }
  const server = await startAppServer(store, { TRUST_PROXY: "1" });
  return {
    ...setup,
    server,
    store,
    async stop() {
      await server.stop("SIGKILL");
      await store.remove();
    },
  };
}
