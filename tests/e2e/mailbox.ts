import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReceivedEmail } from "../support/smtp-server";

/** Every email the run's SMTP server has received so far (see global-setup.ts). */
export function receivedMail(): ReceivedEmail[] {
  const dir = process.env.E2E_MAIL_DIR ?? "";
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as ReceivedEmail);
}

export function mailTo(address: string): ReceivedEmail[] {
  return receivedMail().filter((mail) => mail.to.includes(address));
}
