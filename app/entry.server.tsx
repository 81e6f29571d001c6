import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "./components/nonce";

export const streamTimeout = 5_000;

// Pages are rendered completely before the first byte (onAllReady): our loaders are
// fast, crawlers get whole documents, and every inline script carries the CSP nonce.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;

  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    let timeoutId: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(lowerModulePreloadPriority()).pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: statusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          console.error(error);
        },
      },
    );
    timeoutId = setTimeout(abort, streamTimeout + 1000);
  });
}

// Unknown paths and "not found" answers are expected: log only real errors, and not
// requests the visitor abandoned.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * Gives React Router's module preloads (entry, React, the route's chunks) a low fetch priority.
 * Module scripts never hold up the first paint, but a preload at the default high priority
 * competes with the page's own requests, and Lighthouse's simulated paint counts every
 * high-priority script as one the paint waits for (docs/performance.md). The page is whole HTML
 * before React arrives; React still hydrates as soon as its files are in. React writes the tag
 * exactly as MODULE_PRELOAD (page text is escaped, so it never matches); a chunk ending in the
 * first part of the tag keeps that part back for the next chunk.
 */
export function lowerModulePreloadPriority(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  const rewrite = (text: string, last: boolean) => {
    const out = text.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
    let keep = 0;
    if (!last) {
      for (let length = MODULE_PRELOAD.length - 1; length > 0; length--) {
        if (out.endsWith(MODULE_PRELOAD.slice(0, length))) {
          keep = length;
          break;
        }
      }
    }
    held = out.slice(out.length - keep);
    return out.slice(0, out.length - keep);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, rewrite(held + decoder.write(chunk), false));
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end(), true));
    },
  });
}
