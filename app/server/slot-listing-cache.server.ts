// The availability versions (drizzle/0006), and what a day's slot listing reads (the service, the
// closed days, the workers' busy times) kept in memory per database, day, service and worker
// while the day's availability version stays the same (docs/decisions/013-slot-listing-cache.md). The version is written by database triggers in
// the same transaction as any change it stands for (drizzle/0006), so a booking, move or cancel
// by any process, or a change to closed days or services, is seen by the next listing. The pure
// engine still runs on every listing, with the current time.
import { eq, sql } from "drizzle-orm";
import { addDaysIso, zonedDateTime } from "../domain/booking/time-zone";
import type { Database } from "./db/client.server";
import { availabilityVersions } from "./db/schema.server";

/** Listings kept per database; the least recently used go first. */
const MAX_ENTRIES = 2_000;

interface Entry<T> {
  version: number;
  value: T;
}

const caches = new WeakMap<Database, Map<string, Entry<unknown>>>();

/**
 * The availability version of a salon date, as an SQL value: the latest stamp of the UTC days the
 * salon day overlaps and of the '-infinity' row (changes touching every day). Selected in the same
 * statement as the listing's data, it names exactly the state that data came from.
 */
export function availabilityVersionSql(dateIso: string, zone: string) {
  const firstUtcDay = zonedDateTime(dateIso, "00:00", zone).toISOString().slice(0, 10);
  const lastUtcDay = zonedDateTime(addDaysIso(dateIso, 1), "00:00", zone)
    .toISOString()
    .slice(0, 10);
  return sql<string>`(
    select coalesce(max(${availabilityVersions.version}), 0) from ${availabilityVersions}
    where ${availabilityVersions.day} between ${firstUtcDay} and ${lastUtcDay}
      or ${availabilityVersions.day} = '-infinity'
  )`;
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

async function readVersion(db: Database, dateIso: string, zone: string): Promise<number> {
  const result = await db.execute(sql`select ${availabilityVersionSql(dateIso, zone)} as version`);
  const { rows } = result as unknown as { rows: { version: string | number }[] };
  return Number(rows[0]?.version ?? 0);
}

/**
 * The cached value for `key` on `dateIso` if the day's version has not moved since it was read,
 * else `load()`'s (which returns the value with the version it was read at; undefined values,
 * such as an unknown service, are not kept).
 */
export async function cachedForDay<T>(
  db: Database,
  where: { dateIso: string; zone: string; key: string },
  load: () => Promise<{ version: number; value: T } | undefined>,
): Promise<T | undefined> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${where.dateIso}|${where.key}`;
  const cached = cache.get(key) as Entry<T> | undefined;
  const fresh =
    cached && (await readVersion(db, where.dateIso, where.zone)) === cached.version
      ? cached
      : await load();
  // Deleted and set again: a Map keeps insertion order, so the first key is the least recently used.
  cache.delete(key);
  if (!fresh) return undefined;
  cache.set(key, fresh);
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return fresh.value;
}
