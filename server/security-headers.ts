// Security headers for every response, set by the HTTP host (server.ts, server/app.ts: no service
// makes a header, issue 37). Inline scripts are allowed one by one, never with
// 'unsafe-inline' or 'unsafe-eval': the page's own script by its hash, and on pages that
// hydrate, React Router's scripts by the per-request nonce entry.server.tsx puts on them.
import { createHash } from "node:crypto";

/** A CSP source for an inline script: the SHA-256 of its text. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
}

export function contentSecurityPolicy(scripts: { hashes: string[]; nonce?: string }): string {
  const sources = ["'self'", ...scripts.hashes];
  if (scripts.nonce) sources.push(`'nonce-${scripts.nonce}'`);
  return [
    "default-src 'self'",
    `script-src ${sources.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self' https://www.openstreetmap.org",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Headers for every response, static files included. */
export function baseSecurityHeaders(options: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (options.https) {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}
