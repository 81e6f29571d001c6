import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./entry.server";

const page = [
  "<!DOCTYPE html><html><head><title>Café Ümlaut ✓</title>",
  '<link rel="modulepreload" href="/assets/entry.client.js"/>',
  '<link rel="modulepreload" href="/assets/root.js"/>',
  '<link rel="stylesheet" href="/a.css"/></head><body><p>&lt;link rel="modulepreload"</p>',
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>',
].join("");

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowerModulePreloadPriority()));
}

describe("lowerModulePreloadPriority", () => {
  it("marks every module preload low priority and leaves everything else as it was", async () => {
    const out = await through([Buffer.from(page)]);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(3);
    expect(out.replaceAll(' fetchpriority="low"', "")).toBe(page);
    expect(out).toContain('<p>&lt;link rel="modulepreload"</p>');
  });

  it("gives the same page wherever the stream splits it, even inside a tag or a character", async () => {
    const expected = await through([Buffer.from(page)]);
    const bytes = Buffer.from(page);
    for (let at = 1; at < bytes.length; at++) {
      const out = await through([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(out, `split at byte ${at}`).toBe(expected);
    }
    const oneByteAtATime = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await through(oneByteAtATime)).toBe(expected);
  });
});
