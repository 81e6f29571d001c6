import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    // The services' own log lines (a counter failing on purpose, say) stay out of the test output;
    // the servers the tests start log as in production (tests/support/app-server.ts).
    env: { LOG_LEVEL: "silent" },
  },
});
