/**
 * Makes the site's brand font (Cormorant Garamond, from @fontsource) visible to librsvg.
 * Fontsource ships WOFF files; we unpack them to plain TrueType in a temp folder and point
 * fontconfig at it through FONTCONFIG_FILE. Must run before sharp renders any text.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";

const FACES = ["cormorant-garamond-latin-500-normal", "cormorant-garamond-latin-500-italic"];

/** Font stacks used in SVG text (fallbacks keep rendering sane if a face is missing). */
export const fonts = {
  display: "Cormorant Garamond Medium, Cormorant Garamond, DejaVu Serif, serif",
  numerals: "P052, DejaVu Serif, serif",
} as const;

/** Convert a WOFF 1.0 file to an sfnt (TrueType/OpenType) buffer. */
function woffToSfnt(woff: Buffer): Buffer {
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: Array<{ tag: number; checksum: number; data: Buffer }> = [];
  for (let i = 0; i < numTables; i++) {
    const o = 44 + i * 20;
    const offset = woff.readUInt32BE(o + 4);
    const compLength = woff.readUInt32BE(o + 8);
    const origLength = woff.readUInt32BE(o + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({
      tag: woff.readUInt32BE(o),
      checksum: woff.readUInt32BE(o + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    });
  }
  let selector = 0;
  while (2 ** (selector + 1) <= numTables) selector++;
  const searchRange = 2 ** selector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(selector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const o = 12 + i * 16;
    header.writeUInt32BE(t.tag, o);
    header.writeUInt32BE(t.checksum, o + 4);
    header.writeUInt32BE(offset, o + 8);
    header.writeUInt32BE(t.data.length, o + 12);
    const pad = (4 - (t.data.length % 4)) % 4;
    parts.push(t.data, Buffer.alloc(pad));
    offset += t.data.length + pad;
  });
  return Buffer.concat(parts);
}

/** Prepare fonts; returns false (and leaves fallbacks to do the work) if the package is missing. */
export function setupFonts(projectRoot: string): boolean {
  const source = join(projectRoot, "node_modules/@fontsource/cormorant-garamond/files");
  if (!existsSync(source)) return false;
  const dir = join(tmpdir(), "two-by-ten-image-fonts");
  mkdirSync(join(dir, "cache"), { recursive: true });
  for (const face of FACES) {
    const woff = join(source, `${face}.woff`);
    if (existsSync(woff)) writeFileSync(join(dir, `${face}.ttf`), woffToSfnt(readFileSync(woff)));
  }
  const config = join(dir, "fonts.conf");
  writeFileSync(
    config,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
      `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
      `  <dir>${dir}</dir>\n  <cachedir>${join(dir, "cache")}</cachedir>\n</fontconfig>\n`,
  );
  process.env.FONTCONFIG_FILE = config;
  return true;
}
