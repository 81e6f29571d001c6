// What /healthz and /healthz/live answer (docs/operations.md#health): alive is the process
// answering at all; ready is the database reachable with every migration of this version applied
// (a process that cannot serve pages should get no traffic from the proxy).
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "./client.server";

/** How many migrations this version of the app has (drizzle/meta/_journal.json), read once. */
let expected: number | undefined;
function expectedMigrations(): number {
  expected ??= (
    JSON.parse(
      fs.readFileSync(path.resolve(process.cwd(), "drizzle/meta/_journal.json"), "utf8"),
    ) as { entries: unknown[] }
  ).entries.length;
  return expected;
}

type Readiness =
  | { ready: true; migrations: string }
  | { ready: false; reason: string; migrations?: string };

export async function readiness(db: Database): Promise<Readiness> {
  let applied: number;
  try {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`drizzle.__drizzle_migrations`);
    applied = Number(row?.count ?? 0);
  } catch {
    return { ready: false, reason: "database unavailable" };
  }
  const migrations = `${applied} of ${expectedMigrations()} applied`;
  return applied >= expectedMigrations()
    ? { ready: true, migrations }
    : { ready: false, reason: "migrations missing", migrations };
}
