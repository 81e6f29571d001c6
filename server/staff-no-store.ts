// Staff pages, their data, and anything answered to a signed-in browser stay out of every cache:
// a shared front-desk browser's after sign-out, and any proxy's in between (docs/security.md,
// "No-store"). Decided on the path React Router will serve, not on the raw request line: before
// (issue 36) `/photos/%2e%2e/customers` with a staff cookie was the Customers page without any
// Cache-Control, since anything starting with `/photos/` was exempt before the URL parser took
// the dot segments out.
import type express from "express";
import onHeaders from "on-headers";
import { PHOTO_FILE_NAME } from "../app/lib/photo-view";
import { readSessionId } from "../app/lib/staff-cookie.server";

/**
 * The path React Router matches for a request target: the WHATWG URL parser's pathname of the
 * origin and the target joined as @react-router/express joins them (dot segments and `%2e` gone,
 * `\` a slash), then each segment decoded as React Router's decodePath does (a `%2F` stays one
 * segment). Undefined when the URL parser refuses it.
 */
export function servedPath(target: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(`http://localhost${target}`).pathname;
  } catch {
    return undefined;
  }
  return pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        return segment;
      }
    })
    .join("/");
}

/**
 * A photo file: exactly `/photos/<hash>-<width>.<ext>` as the URL parser reads it, nothing
 * encoded. Public and content-hashed, the same for everyone: cached by all (app/routes/photos.ts).
 */
function isPhotoFile(target: string): boolean {
  const pathname = servedPath(target);
  const [, folder, name, ...rest] = (pathname ?? "").split("/");
  return folder === "photos" && rest.length === 0 && PHOTO_FILE_NAME.test(name ?? "");
}

/**
 * Middleware: `Cache-Control: private, no-store` on every answer to a staff page (or its `.data`)
 * and to every request with a session cookie, but a photo file's.
 */
export function staffNoStore(staffPaths: ReadonlySet<string>): express.RequestHandler {
  return (req, res, next) => {
    if (isPhotoFile(req.originalUrl)) {
      next();
      return;
    }
    const path = (servedPath(req.originalUrl) ?? req.path)
      .replace(/^\/_root\.data$/, "/")
      .replace(/\.data$/, "")
      .replace(/(.)\/$/, "$1");
    if (staffPaths.has(path) || readSessionId(req.get("Cookie") ?? null) !== undefined) {
      // Whatever the route says (no-store already, or nothing), once, as the headers go out.
      onHeaders(res, () => res.setHeader("Cache-Control", "private, no-store"));
    }
    next();
  };
}
