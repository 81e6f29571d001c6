// The browser's scripts as the production server sends them: the Brotli copy written at build
// time (vite.config.ts, server/precompressed-assets.ts) to a browser that accepts Brotli, gzip
// made on the fly to one that does not, the file itself to one that accepts neither. Every
// answer must decode to the very file the build wrote, and be cacheable for a year.
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
} from "../../support/app-server";

let store: ServerStore;
let server: AppServer;
/** The scripts a first visit loads: /login's (React Router) and /schedule's (an island). */
let scripts: string[];

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  server = await startAppServer(store);
  scripts = [];
  for (const page of ["/login", "/schedule"]) {
    const html = await (await fetch(`${server.url}${page}`)).text();
    const found = html.matchAll(
      /<(?:link rel="modulepreload" href|script type="module" src)="(\/assets\/[\w.-]+\.js)"/g,
    );
    for (const [, script] of found) if (script && !scripts.includes(script)) scripts.push(script);
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await store?.remove();
});

function fileOf(script: string): string {
  return path.join("build/client", script);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request (fetch would decode the body itself). */
function get(url: string, acceptEncoding: string, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { "Accept-Encoding": acceptEncoding } });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the browser's scripts", () => {
  it("a first visit of /login or /schedule loads several, each with a Brotli copy in the build", () => {
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const script of scripts) expect(fs.existsSync(`${fileOf(script)}.br`)).toBe(true);
  });

  it("go to a browser that accepts Brotli as the build's own Brotli copy", async () => {
    for (const script of scripts) {
      // What Chromium sends.
      const answer = await get(`${server.url}${script}`, "gzip, deflate, br, zstd");
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.body.equals(fs.readFileSync(`${fileOf(script)}.br`))).toBe(true);
      expect(brotliDecompressSync(answer.body).equals(fs.readFileSync(fileOf(script)))).toBe(true);
    }
  });

  it("go gzipped to a browser without Brotli, and as they are to one without either", async () => {
    for (const script of scripts) {
      const file = fs.readFileSync(fileOf(script));
      for (const acceptEncoding of ["gzip", "br;q=0, gzip"]) {
        const answer = await get(`${server.url}${script}`, acceptEncoding);
        expect(answer.status).toBe(200);
        expect(answer.headers.vary).toMatch(/Accept-Encoding/);
        // compression() leaves files under 1 KB as they are.
        const gzipped = answer.headers["content-encoding"] === "gzip";
        expect(gzipped).toBe(file.length >= 1024);
        expect((gzipped ? gunzipSync(answer.body) : answer.body).equals(file)).toBe(true);
      }
      const plain = await get(`${server.url}${script}`, "identity");
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(plain.body.equals(file)).toBe(true);
    }
  });

  it("answer HEAD with the Brotli copy's headers and no body", async () => {
    const script = scripts[0] as string;
    const answer = await get(`${server.url}${script}`, "br", "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(Number(answer.headers["content-length"])).toBe(fs.statSync(`${fileOf(script)}.br`).size);
    expect(answer.body.length).toBe(0);
  });

  it("are the only files served this way: unknown names and other folders are not found", async () => {
    for (const url of [
      "/assets/nothing-here.js",
      "/assets/%2e%2e/server.js",
      "/assets/..%2fserver.js",
    ]) {
      const answer = await get(`${server.url}${url}`, "br");
      expect(answer.status, url).toBe(404);
    }
  });
});
