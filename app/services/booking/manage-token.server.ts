// The customer's manage link (/manage?token=...): 256 random bits from the CSPRNG, emailed once.
// Only the SHA-256 is stored, so a copy of the database cannot open anyone's booking. The
// confirmation's token is on the appointment; every later email (a move, the reminder, a
// cancellation) carries a new one, kept in `manage_links` (issue 38), and both open the same page.
import { createHash, randomBytes } from "node:crypto";
import { eq, or, type SQL, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { localizedPath } from "../../domain/i18n/locale-path";
import type { Database, Transaction } from "../db/client.server";
import { appointments, manageLinks } from "../db/schema.server";
import { siteUrl } from "../platform/site-url.server";

/** A new token: 32 bytes, base64url (43 characters). */
export function newManageToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashManageToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a string can be a token at all (anything else is "not found" without a query). */
export function looksLikeManageToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * The link the confirmation email carries, in the customer's language: /manage?token=... or
 * /es/manage?token=... (issue 39).
 */
export function manageUrl(siteUrl: string, token: string, locale: Locale = DEFAULT_LOCALE): string {
  return `${siteUrl.replace(/\/$/, "")}${localizedPath(`/manage?token=${token}`, locale)}`;
}

/** The appointment a token opens: its confirmation's token, or a later email's. */
export function openedByToken(token: string): SQL {
  const hash = hashManageToken(token);
  return or(
    eq(appointments.manageTokenHash, hash),
    sql`${appointments.id} in (select ${manageLinks.appointmentId} from ${manageLinks} where ${manageLinks.tokenHash} = ${hash})`,
  ) as SQL;
}

/**
 * A new manage link to the appointment for an email after the booking, at the site's configured
 * address (never a request's Host: docs/security.md), in the customer's language. Written in the
 * email's own transaction.
 */
export async function newManageLink(
  tx: Database | Transaction,
  appointmentId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  const token = newManageToken();
  await tx.insert(manageLinks).values({ tokenHash: hashManageToken(token), appointmentId });
  return manageUrl(siteUrl(), token, locale);
}
