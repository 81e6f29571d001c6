// A database with the seeded catalogue before each test, a real SMTP server on loopback, and the
// transport that delivers the outbox to it, for the files that read the emails a customer gets.
// Every link in an email names `site`, the configured address (PUBLIC_URL).
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import type { Locale } from "~/domain/i18n/locale";
import { createTransport } from "~/services/email/mailer.server";
import { deliverDueEmails, type MailTransport } from "~/services/email/outbox.server";
import { setSiteUrl } from "~/services/platform/site-url.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { readMimeMessage } from "./mime-message";
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
    /** The emails delivered to `to` now, as her mail app reads them. */
    async delivered(to: string) {
      const server = started(smtp);
      server.received.length = 0;
      await deliverDueEmails(database.db, started(transport));
      return server.received
        .filter((mail) => mail.to.includes(to))
        .map((mail) => {
          const { text, html } = readMimeMessage(mail.raw);
          return { subject: mail.subject, text: text ?? "", html: html ?? "" };
        });
    },
    /** The token of the link to `path` (in `locale`) at the configured address in `text`. */
    tokenIn(text: string, path: string, locale: Locale): string {
      const page = `${locale === "es" ? "/es" : ""}${path}`;
      const link = new RegExp(
        `${site.replace(/\./g, "\\.")}${page}\\?token=([A-Za-z0-9_-]{43})\\b`,
      );
      const token = text.match(link)?.[1];
      if (!token) throw new Error(`No link at ${site}${page} in:\n${text}`);
      return token;
    },
    /** What React Router hands a public route's loader and action: a visitor at one address. */
    publicContext() {
      return Object.assign(new RouterContextProvider(), {
        db: database.db,
        kickEmail: vi.fn(),
        clientAddress: "203.0.113.7",
        clientIp: "203.0.113.7",
        secure: false,
        siteUrl: site,
      });
    },
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
