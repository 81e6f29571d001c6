// npm run staff:create -- --email <e> --password <p>
// Creates a staff account, or resets the password of an existing one (docs/product.md#staff-accounts-and-sessions). Works on
// the embedded database while no server runs (the data folder's lock refuses otherwise, changing
// nothing), and on DATABASE_URL always.
import { parseArgs } from "node:util";
import { openDatabase } from "../app/services/db/client.server";
import { readEnv } from "../app/services/platform/env.server";
import { createOrResetStaffUser } from "../app/services/staff/auth.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let values: { email?: string; password?: string };
try {
  ({ values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" } },
    strict: true,
  }));
} catch (error) {
  fail(
    `${error instanceof Error ? error.message : error}\nUsage: npm run staff:create -- --email <email> --password <password>`,
  );
}
if (!values.email || !values.password) {
  fail("Usage: npm run staff:create -- --email <email> --password <password>");
}

const env = readEnv();
const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }).catch(
  (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
);
try {
  const result = await createOrResetStaffUser(database.db, values.email, values.password);
  if (!result.ok) {
    console.error(`Nothing changed: ${result.error}`);
    process.exitCode = 1;
  } else {
    console.log(
      result.created
        ? `Created the staff account ${result.user.email}.`
        : `Reset the password of the staff account ${result.user.email}; signed out of ${result.endedSessions} session${result.endedSessions === 1 ? "" : "s"}.`,
    );
  }
} finally {
  await database.close();
}
