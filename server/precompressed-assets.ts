import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Sends the Brotli copy of a build script (`<name>.js.br`, written by `npm run build`, see
 * vite.config.ts) to a browser that accepts Brotli. Mounted on /assets before the static files:
 * anything else, or a browser without Brotli, goes on to them (and to on-the-fly gzip).
 * Only the names found in the folder at start are served: a request path is never joined to it.
 */
export function precompressedScripts(folder: string): RequestHandler {
  const names = new Set(
    fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((file) => file.endsWith(".js.br"))
          .map((file) => file.slice(0, -".br".length))
      : [],
  );
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!names.has(name)) return next();
    res.vary("Accept-Encoding");
    // Brotli whenever it is accepted at all, as compression() itself prefers it.
    if (req.acceptsEncodings("br") !== "br") return next();
    res.setHeader("Content-Encoding", "br");
    res.type("js");
    // The name carries the content's hash: it never changes under one name.
    res.sendFile(path.resolve(folder, `${name}.br`), { immutable: true, maxAge: "1y" }, (error) => {
      if (error) next(error);
    });
  };
}
