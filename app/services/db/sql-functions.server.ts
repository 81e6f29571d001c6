// The current text of every SQL function and trigger: drizzle/functions/*.sql, one file per
// function or small family (docs/architecture.md#data). The migrations still make them (a change
// is its file AND a migration); these files are where a reader finds what runs now, and the app
// applies them after the migrations at every open, in one transaction, whenever they differ from
// the ones it applied last (their hash, kept in sql_function_files: drizzle/0036). An unchanged
// start costs two small queries (about 1 ms on PGlite; an apply 10-130 ms) and takes no lock on
// any table (CREATE OR REPLACE TRIGGER locks its table against writers while it runs).
// tests/integration/db/sql-functions.test.ts shows that the files define exactly what the
// migrations produce.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

export interface SqlFunctionFiles {
  /** drizzle/functions/ */
  folder: string;
  /** The files' names, sorted: the order they are applied in. */
  names: string[];
  /** All of them, one after the other: one round trip. */
  text: string;
  /** Of the names and contents: what sql_function_files keeps once they are applied. */
  hash: string;
}

/** The files beside the migrations (`<migrationsFolder>/functions`), read once per open. */
export function readSqlFunctionFiles(migrationsFolder: string): SqlFunctionFiles {
  const folder = path.join(migrationsFolder, "functions");
  if (!fs.existsSync(folder)) {
    throw new Error(`No SQL functions in ${folder}. Start the app from the repository root.`);
  }
  const names = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const hash = createHash("sha256");
  const texts: string[] = [];
  for (const name of names) {
    const text = fs.readFileSync(path.join(folder, name), "utf8");
    hash.update(`${name}\0${text}\0`);
    texts.push(`-- drizzle/functions/${name}\n${text}`);
  }
  return { folder, names, text: texts.join("\n"), hash: hash.digest("hex") };
}

/** One connection inside a transaction its caller opened (PGlite's or node-postgres's). */
export interface SqlSession {
  /** Runs statements, several in one text (the simple query protocol). */
  exec(text: string): Promise<unknown>;
  rows<T>(text: string): Promise<T[]>;
}

export type ApplyResult =
  | { kind: "applied" }
  | { kind: "unchanged" }
  /** The database's migrations predate drizzle/0036 (a test's shortened journal): none applied. */
  | { kind: "too-old" };

/** Applies `files` in the caller's transaction unless they are the ones applied last. */
export async function applySqlFunctions(
  session: SqlSession,
  files: SqlFunctionFiles,
): Promise<ApplyResult> {
  const [state] = await session.rows<{ ready: boolean }>(
    `select to_regclass('public.sql_function_files') is not null as ready`,
  );
  if (!state?.ready) return { kind: "too-old" };
  const [kept] = await session.rows<{ hash: string }>(
    `select "hash" from "sql_function_files" where "id" = 1`,
  );
  if (kept?.hash === files.hash) return { kind: "unchanged" };
  // A function's body is checked when it runs, as pg_dump's restore does: the files apply in
  // any order (a function may call one defined in a later file). The test compares the result.
  await session.exec(`set local check_function_bodies = off;\n${files.text}`);
  // The hash is hex: nothing to quote.
  await session.exec(
    `insert into "sql_function_files" ("id", "hash") values (1, '${files.hash}')
     on conflict ("id") do update set "hash" = excluded."hash"`,
  );
  return { kind: "applied" };
}

/** On the embedded database, in a transaction of its own. */
export function applySqlFunctionsOnPglite(
  client: PGlite,
  files: SqlFunctionFiles,
): Promise<ApplyResult> {
  return client.transaction((tx) =>
    applySqlFunctions(
      {
        exec: (text) => tx.exec(text),
        rows: async <T>(text: string) => (await tx.query<T>(text)).rows,
      },
      files,
    ),
  );
}

/** On PostgreSQL, on the connection that holds the migration lock, in a transaction of its own. */
export async function applySqlFunctionsOnPostgres(
  client: pg.ClientBase,
  files: SqlFunctionFiles,
): Promise<ApplyResult> {
  await client.query("begin");
  try {
    const result = await applySqlFunctions(
      {
        exec: (text) => client.query(text),
        rows: async <T>(text: string) => (await client.query(text)).rows as T[],
      },
      files,
    );
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}
