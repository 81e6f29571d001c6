// Photo limits (docs/security.md#photo-limits) through the built server, as a Staff account
// uploading to 'Gallery': the 77 KB PNG of 10,000,000 x 1 pixels that took the server from 222 to
// 1,291 MB before issue 36 is refused from its header with its size named, the server's memory
// hardly moving; a 1 x 39,999,999 PNG (9.7 s of converting before) and a 12,001 x 10 one are
// refused without their pixels being read; nothing is stored. "Without decoding" is measured
// as the server's own CPU time, which other work on the machine does not lengthen.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppServer,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { blackPng } from "../../support/photo-files";
import { signInOwnerAndStaff } from "../../support/staff-accounts";

const PUBLIC_URL = "https://nails.example.com";

let store: ServerStore;
let server: AppServer;
let staffCookie: string;
// Made once, before the tests: deflating their 80 MB of rows takes a moment.
let wideStrip: Buffer;
let tallStrip: Buffer;

beforeAll(async () => {
  wideStrip = blackPng(10_000_000, 1);
  tallStrip = blackPng(1, 39_999_999, { channels: 1, bitDepth: 8 });
  store = await createServerStore();
  ({ staffCookie } = await withStoreDatabase(store, (db) =>
    signInOwnerAndStaff(db, "ines@example.com"),
  ));
  server = await startAppServer(store, { PUBLIC_URL });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

/** The server process's resident memory, in MB (VmRSS). */
function serverRssMb(): number {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
}

/** CPU time the server process has used, user and system, in seconds (/proc/<pid>/stat). */
function serverCpuSeconds(): number {
  const stat = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are the 14th and 15th fields, the 12th and 13th after the name; 100 a second.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The ids of the gallery's photos on the staff page. */
async function staffIds(): Promise<string[]> {
  const page = await (
    await fetch(`${server.url}/site/gallery`, { headers: { Cookie: staffCookie } })
  ).text();
  const ids = [...page.matchAll(/name="id" value="([0-9a-f-]{36})"/g)].map((m) => m[1] as string);
  return [...new Set(ids)];
}

/**
 * Uploads one PNG to 'Gallery': the answer, and what the server spent meanwhile: its RSS growth
 * at most (sampled every 20 ms and once answered) and its CPU seconds.
 */
async function uploadPng(name: string, bytes: Buffer) {
  const body = new FormData();
  body.append("photos", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  const rssBefore = serverRssMb();
  const cpuBefore = serverCpuSeconds();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, serverRssMb());
  }, 20);
  try {
    const response = await fetch(`${server.url}/site/gallery`, {
      method: "POST",
      headers: { Cookie: staffCookie, Origin: PUBLIC_URL },
      body,
    });
    const page = await response.text();
    rssPeak = Math.max(rssPeak, serverRssMb());
    return {
      status: response.status,
      page,
      rssGrowthMb: rssPeak - rssBefore,
      cpuSeconds: serverCpuSeconds() - cpuBefore,
    };
  } finally {
    clearInterval(sampler);
  }
}

describe("a photo judged from its header", () => {
  it("refuses the 77 KB PNG of 10,000,000 x 1 pixels, naming its size, with the server's memory hardly moving", async () => {
    const before = await staffIds();
    // A first refusal: the route's code is loaded before memory is measured.
    expect((await uploadPng("warm-up.png", blackPng(12_001, 10))).status).toBe(400);
    expect(wideStrip.length).toBeLessThan(100_000);
    const answer = await uploadPng("strip.png", wideStrip);
    expect(answer.status).toBe(400);
    expect(answer.page).toContain(
      "This photo is 10,000,000 x 1 pixels: a photo may be at most 12,000 pixels on a side.",
    );
    // Decoding it took the server past 1.2 GB.
    expect(answer.rssGrowthMb).toBeLessThan(50);
    expect(answer.cpuSeconds).toBeLessThan(1);
    expect(await staffIds()).toEqual(before);
  });

  it("refuses a 1 x 39,999,999 PNG and a 12,001 x 10 PNG without reading their pixels", async () => {
    const before = await staffIds();
    const tall = await uploadPng("tall.png", tallStrip);
    expect(tall.status).toBe(400);
    expect(tall.page).toContain(
      "This photo is 1 x 39,999,999 pixels: a photo may be at most 12,000 pixels on a side.",
    );
    // Converting it cost 9.7 s of CPU before issue 36.
    expect(tall.cpuSeconds).toBeLessThan(1);
    expect(tall.rssGrowthMb).toBeLessThan(50);

    const wide = await uploadPng("wide.png", blackPng(12_001, 10));
    expect(wide.status).toBe(400);
    expect(wide.page).toContain(
      "This photo is 12,001 x 10 pixels: a photo may be at most 12,000 pixels on a side.",
    );
    expect(wide.cpuSeconds).toBeLessThan(1);
    expect(await staffIds()).toEqual(before);
  });

  it("still takes a strip of exactly 1:20 at 12,000 pixels", async () => {
    const before = await staffIds();
    const answer = await uploadPng(
      "strip-1-20.png",
      blackPng(12_000, 600, { channels: 1, bitDepth: 8 }),
    );
    expect(answer.status).toBe(200);
    expect(answer.page).toContain("Uploaded 1 photo.");
    expect(await staffIds()).toHaveLength(before.length + 1);
  });
});
