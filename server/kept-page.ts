// A page the page cache keeps (server/page-cache.ts), as it is sent: its headers, and its body
// compressed once, when it is kept, as gzip and as Brotli; and how it, or an answer not kept, is
// written on node's own response.
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import accepts from "accepts";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface KeptPage {
  pageName: string;
  /** The version it was rendered at (versioned pages). */
  version?: string;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export function isKeepable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !response.headers.has("Set-Cookie")
  );
}

const SKIPPED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding"]);

/** The page as sent: its headers, and its body in each encoding, compressed once, here. */
export async function keep(
  pageName: string,
  version: string | undefined,
  response: Response,
): Promise<KeptPage> {
  const identity = Buffer.from(await response.arrayBuffer());
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const headers = [...response.headers].filter(([name]) => !SKIPPED_HEADERS.has(name));
  return { pageName, version, headers, identity, gzip: gzipped, br: brotlied };
}

export function send(req: IncomingMessage, res: ServerResponse, page: KeptPage): void {
  // Of the encodings the client accepts at all, ours first: Brotli is the smaller (browsers list
  // gzip first, with the same weight).
  const client = accepts(req);
  const encoding = (["br", "gzip"] as const).find((name) => client.encoding([name]) === name);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  res.statusCode = 200;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** An answer that is not kept (a 404 or a redirect of a cached address), sent as it is. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (!SKIPPED_HEADERS.has(name) && name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
