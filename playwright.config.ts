import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/chromium";

const port = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: /phone\.spec\.ts/,
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: /phone\.spec\.ts/,
    },
  ],
  // The production build, served as `npm start` serves it (npm test builds first).
  webServer: {
    command: "npm run serve",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
  },
});
