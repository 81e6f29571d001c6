import type { Locale } from "~/domain/i18n/locale";
import { localizedPath } from "~/domain/i18n/locale-path";
// The 'booked' cookie (docs/product.md#after-booking, docs/security.md#the-booked-cookie): after
// an online booking the visitor's own browser keeps the booking's manage token for 30 minutes, so
// the reloaded /schedule shows it with 'Add to Calendar' and 'Manage Appointment'. It is
// HttpOnly, SameSite=Lax, on /schedule only. What the token opens, and the server's own 30-minute
// limit, are the service's (app/services/booking/booked-view.server.ts); the cookie is HTTP, so it
// is read and written here, by the routes and the page cache (issue 37: services speak no HTTP).
import { BOOKED_VIEW_MS } from "~/services/booking/booked-view.server";
import { looksLikeManageToken } from "~/services/booking/manage-token.server";

const BOOKED_COOKIE = "booked";

// On the booking page of the language it was made in (/schedule or /es/schedule: docs/product.md#languages).
const attributes = (secure: boolean, locale: Locale) =>
  `Path=${localizedPath("/schedule", locale)}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The Set-Cookie of a booking just made online (confirmed, not pending). */
export function bookedCookie(manageToken: string, secure: boolean, locale: Locale = "en"): string {
  return `${BOOKED_COOKIE}=${manageToken}; Max-Age=${BOOKED_VIEW_MS / 1000}; ${attributes(secure, locale)}`;
}

/** The Set-Cookie that forgets it ('Book Another'). */
export function clearBookedCookie(secure: boolean, locale: Locale = "en"): string {
  return `${BOOKED_COOKIE}=; Max-Age=0; ${attributes(secure, locale)}`;
}

/** The token the cookie carries, or undefined without a well-formed one. */
export function readBookedToken(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value = ""] = part.trim().split("=");
    if (name === BOOKED_COOKIE && looksLikeManageToken(value)) return value;
  }
  return undefined;
}

/** Whether a request carries the cookie at all: such a request bypasses the page cache. */
export function hasBookedCookie(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? "")
    .split(";")
    .some((part) => part.trim().startsWith(`${BOOKED_COOKIE}=`));
}
