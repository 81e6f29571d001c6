// A database with the seeded catalogue before each test, a real SMTP server on loopback, and the
// transport that delivers the outbox to it, for the files that read the emails a customer gets.
// Every link in an email names `site`, the configured address (PUBLIC_URL).
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTransport } from "~/services/email/mailer.server";
import type { MailTransport } from "~/services/email/outbox.server";
import { setSiteUrl } from "~/services/platform/site-url.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server";
import { OPEN_TIMEOUT_MS } from "./test-database";
import { setUpTestDatabase } from "./test-database-hook";

export function setUpEmailDesk(site: string) {
  const database = setUpTestDatabase();
  let smtp: TestSmtpServer | undefined;
  let transport: (MailTransport & { close(): void }) | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    transport = createTransport(smtp.url, { from: `Salon <no-reply@${new URL(site).host}>` });
    setSiteUrl(() => site);
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    transport?.close();
    await smtp?.stop();
  });
  beforeEach(async () => {
    if (smtp) smtp.received.length = 0;
    await seedCatalogueOnce(database.db);
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the email desk is set up in beforeAll");
    return value;
  };
  return {
    get db() {
      return database.db;
    },
    get smtp() {
      return started(smtp);
    },
    get transport() {
      return started(transport);
    },
  };
}
