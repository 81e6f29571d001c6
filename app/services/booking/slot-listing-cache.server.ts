// The availability versions (drizzle/0006), and what a day's slot listing reads (the service, the
// closed days, the technicians' busy times) kept in memory per database, day, service and technician
// while the day's availability version stays the same (docs/decisions/013-slot-listing-cache.md).
// The version is written by database triggers in the same transaction as any change it stands for
// (drizzle/0006), so a booking, move or cancel by any process, or a change to closed days or
// services, is seen by the next listing. The pure engine still runs on every listing, with the
// current time.
import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { availabilityVersions } from "../db/schema.server";

/** Listings kept per database; the least recently used go first. */
const MAX_ENTRIES = 2_000;

interface Entry<T> {
  version: number;
  value: T;
}

const caches = new WeakMap<Database, Map<string, Entry<unknown>>>();

/**
 * The availability version of a salon date whose UTC days run from `firstUtcDay` to `lastUtcDay`
 * (the UTC dates of the salon day's start and end instants; SQL values or placeholders), as a
 * one-row subquery with the column `version`: the latest stamp of those days and of the
 * '-infinity' row (changes touching every day). Joined to the listing's data in one statement, it
 * names exactly the state that data came from.
 */
export function availabilityVersionOf(db: Database, firstUtcDay: SQL, lastUtcDay: SQL) {
  return db
    .select({
      version: sql<string>`coalesce(max(${availabilityVersions.version}), 0)`.as("version"),
    })
    .from(availabilityVersions)
    .where(
      sql`${availabilityVersions.day} between ${firstUtcDay}::date and ${lastUtcDay}::date
        or ${availabilityVersions.day} = '-infinity'`,
    )
    .as("availability");
}

/**
 * The stamp of the changes that touch every day: closed days and the services (the row of day
 * '-infinity'). The page cache keeps /schedule, which lists the services, under it.
 */
export async function readEveryDayVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: availabilityVersions.version })
    .from(availabilityVersions)
    .where(eq(availabilityVersions.day, "-infinity"));
  return row?.version ?? 0;
}

/**
 * The value kept for `key` on `dateIso` if the day's version has not moved since it was read,
 * else a fresh one, in one round trip: `read(known)` is handed the version of the kept value (null
 * if none) and returns the day's current version, with a value read afresh when that version is
 * not `known` (the statement skips the expensive part otherwise). Undefined from `read`, such as
 * an unknown service, is not kept.
 */
export async function cachedForDay<T>(
  db: Database,
  where: { dateIso: string; key: string },
  read: (known: number | null) => Promise<{ version: number; value: T | undefined } | undefined>,
): Promise<T | undefined> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${where.dateIso}|${where.key}`;
  const cached = cache.get(key) as Entry<T> | undefined;
  const result = await read(cached ? cached.version : null);
  // Deleted and set again: a Map keeps insertion order, so the first key is the least recently used.
  cache.delete(key);
  if (!result) return undefined;
  const fresh: Entry<T> | undefined =
    cached && result.version === cached.version
      ? cached
      : result.value === undefined
        ? undefined
        : { version: result.version, value: result.value };
  if (!fresh) return undefined;
  cache.set(key, fresh);
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return fresh.value;
}
