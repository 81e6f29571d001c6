// The staff session's cookie (docs/product.md#staff-accounts-and-sessions): a 256-bit random id
// in an httpOnly, SameSite=Lax cookie (Secure over HTTPS). The session itself, kept in the
// database by its SHA-256, is app/services/staff/session.server.ts; the cookie is HTTP, so it is
// read and written here, by the routes and the HTTP host (issue 37: services speak no HTTP).

export const SESSION_COOKIE = "salon_staff_session";

/** The session id a Cookie header carries, or undefined without a well-formed one. */
export function readSessionId(cookieHeader: string | null): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The Set-Cookie of a session just begun. */
export function sessionCookie(id: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie that ends it in the browser ('Sign Out'). */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}
