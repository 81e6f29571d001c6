import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes SQL migrations into drizzle/ (committed). The app applies them
// itself at start with drizzle-orm's migrator (app/services/db/client.server.ts): `drizzle-kit
// migrate` fails silently on PGlite (docs/architecture.md#platform-constraints).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/services/db/schema.server.ts",
  out: "./drizzle",
  strict: true,
  verbose: true,
});
