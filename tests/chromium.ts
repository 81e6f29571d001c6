// Debian's Chromium, never a downloaded browser (docs/architecture.md#platform-constraints). As root it needs
// --no-sandbox; the other flags keep it from reaching for the closed network.
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
