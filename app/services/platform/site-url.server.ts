// The site's own address for links in what the server writes outside a request (emails): from
// configuration, never from a request's headers: PUBLIC_URL, or the address the server listens
// on. The server's entry and its route build each hold a copy of this module, so both set it:
// server.ts for the workers it starts (reminders), createApp (server/app.ts) for the routes.
// Before either, PUBLIC_URL, or the default port on this machine.
import { readEnv } from "./env.server";

let configured: (() => string) | undefined;

/** Called once by the server, with its own view of its address. */
export function setSiteUrl(siteUrl: () => string): void {
  configured = siteUrl;
}

/** "https://www.example.com", without a trailing slash. */
export function siteUrl(): string {
  const env = readEnv();
  const url = configured?.() ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return url.replace(/\/$/, "");
}
