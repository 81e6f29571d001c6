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

/**
 * A price's text ("$50", "$52.50", "$60+") from its cents and 'from' flag, for a generated column:
 * the same text as formatPrice (app/domain/money.ts). Explicit casts keep it immutable.
 */
export function priceText(cents: string, from: string): SQL {
  const c = sql.identifier(cents);
  return sql`'$' || (${c} / 100)::text || case when ${c} % 100 = 0 then '' else '.' || lpad((${c} % 100)::text, 2, '0') end || case when ${sql.identifier(from)} then '+' else '' end`;
}
