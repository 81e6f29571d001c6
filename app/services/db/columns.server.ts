// Column helpers every schema file shares (schema.server.ts, booking-schema.server.ts).
// Relative imports: drizzle-kit loads the schema outside Vite, without the `~/` alias.
import { type SQL, sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

/** `'a', 'b'` from constants of the schema (never user input), for IN (...) checks. */
export function sqlList(values: readonly string[]): SQL {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));
}

/** A moment in time: timestamptz, read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
