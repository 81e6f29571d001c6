import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSmtpServer } from "../support/smtp-server";

/**
 * One real SMTP server for the whole end-to-end run, on the port the app was given. Every
 * message it receives is written to E2E_MAIL_DIR as JSON, where tests read it (mailbox.ts).
 */
export default async function globalSetup() {
  const dir = process.env.E2E_MAIL_DIR ?? "";
  mkdirSync(dir, { recursive: true });
  const smtp = await startSmtpServer({ port: Number(process.env.E2E_SMTP_PORT) });
  let written = 0;
  const timer = setInterval(() => {
    while (written < smtp.received.length) {
      const mail = smtp.received[written];
      writeFileSync(join(dir, `${String(written).padStart(5, "0")}.json`), JSON.stringify(mail));
      written += 1;
    }
  }, 100);
  return async () => {
    clearInterval(timer);
    await smtp.stop();
  };
}
