// The customer's manage link (/manage?token=...): 256 random bits from the CSPRNG, emailed once.
// Only the SHA-256 is stored, so a copy of the database cannot open anyone's booking.
import { createHash, randomBytes } from "node:crypto";

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

/** The link the confirmation email carries. */
export function manageUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/$/, "")}/manage?token=${token}`;
}
