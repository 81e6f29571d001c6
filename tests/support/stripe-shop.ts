import Stripe from "stripe";
import { addDaysIso, SALON_TIME_ZONE, salonDateOf } from "../../app/domain/booking/time-zone";
import { oneService } from "../../app/domain/booking/visit-request";
import { listVisitTimes } from "../../app/services/booking/visit-times.server";
import type { Database } from "../../app/services/db/client.server";
import { serviceProtections } from "../../app/services/db/schema.server";
import { seedCatalogueOnce } from "../../app/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "./app-server";
import { typeNamed } from "./seeded-catalogue";
import { type StripeStandIn, startStripeStandIn } from "./stripe-stand-in";

// The built server connected to Stripe (issue 40, docs/payments.md): its keys, pointed at the
// local stand-in, on a store of its own, and Stripe's events signed with its webhook secret as
// Stripe signs them.

export interface StripeKeys {
  STRIPE_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
}

/** Keys of a test's own (each server its own secret, so no event reaches another's by mistake). */
export function stripeKeys(name: string): StripeKeys {
  return { STRIPE_SECRET_KEY: `sk_test_${name}`, STRIPE_WEBHOOK_SECRET: `whsec_${name}` };
}

export interface StripeShop<T> {
  server: AppServer;
  store: ServerStore;
  standIn: StripeStandIn;
  keys: StripeKeys;
  /** What `prepare` returned. */
  prepared: T;
  /** `event` signed with the shop's webhook secret and posted to its POST /stripe/webhook. */
  deliver(event: Stripe.Event): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * The stand-in, then a store that `prepare` fills (the seed, a protection, a visit) before the
 * server starts on it with the keys (and TRUST_PROXY=1: each request names its own address).
 */
export async function startStripeShop<T>(
  keys: StripeKeys,
  prepare: (db: Database, standIn: StripeStandIn) => Promise<T>,
): Promise<StripeShop<T>> {
  const standIn = await startStripeStandIn();
  const store = await createServerStore();
  const prepared = await withStoreDatabase(store, (db) => prepare(db, standIn));
  const server = await startAppServer(store, {
    TRUST_PROXY: "1",
    ...keys,
    STRIPE_API_BASE: standIn.url,
  });
  return {
    server,
    store,
    standIn,
    keys,
    prepared,
    deliver: (event) => deliverSigned(server.url, keys, event),
    async stop() {
      await server.stop("SIGKILL");
      await store.remove();
      await standIn.close();
    },
  };
}

/** A Stripe event as Stripe posts it: its body signed with the webhook secret. */
export function deliverSigned(
  siteUrl: string,
  keys: StripeKeys,
  event: Stripe.Event,
): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature = new Stripe(keys.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
    payload,
    secret: keys.STRIPE_WEBHOOK_SECRET,
  });
  return fetch(`${siteUrl}/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

export interface FreeTime {
  dateIso: string;
  startsAt: string;
}

/**
 * The seeded catalogue with a $25 deposit on Gel Manicure, and three of its free times a week
 * ahead, far enough apart that one visit never overlaps another.
 */
export async function depositOnGelManicure(
  db: Database,
): Promise<{ manicure: string; times: [FreeTime, FreeTime, FreeTime] }> {
  await seedCatalogueOnce(db);
  const id = (await typeNamed(db, "Gel Manicure")).id;
  await db.insert(serviceProtections).values({ typeId: id, kind: "deposit", depositCents: 2500 });
  const dateIso = addDaysIso(salonDateOf(new Date(), SALON_TIME_ZONE), 7);
  const listed = await listVisitTimes(db, { dateIso, items: oneService(id, "any") });
  const free = listed.ok ? listed.slots.map((slot) => ({ dateIso, startsAt: slot.startsAt })) : [];
  const [first, second, third] = [free[0], free[4], free[8]];
  if (!first || !second || !third) throw new Error(`Not three free times on ${dateIso}`);
  return { manicure: id, times: [first, second, third] };
}
