// The header rule of uploaded photos (docs/security.md#photo-limits): what is refused before a
// pixel is decoded, and the words the owner reads. The headers of the last tests are read by real
// sharp from files it made, so the fields the rule reads are the ones sharp fills.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  type PhotoHeader,
  photoHeaderRefusal,
  wholeDecodeBytesPerPixel,
} from "./photo-limits.server";

const png = (width: number, height: number): PhotoHeader => ({
  format: "png",
  width,
  height,
  channels: 4,
  depth: "ushort",
  isProgressive: false,
});

describe("photoHeaderRefusal", () => {
  it("accepts the photos a salon takes and edits, up to each limit", () => {
    for (const [width, height] of [
      [4000, 3000], // a phone's 12 MP
      [3000, 4000],
      [12_000, 3_333], // 40 MP on the longest side
      [6_324, 6_324],
      [12_000, 600], // exactly 1:20
      [600, 12_000],
      [1, 1],
    ] as const) {
      expect(photoHeaderRefusal(png(width, height)), `${width} x ${height}`).toBeUndefined();
    }
  });

  it("names the size of a photo longer than 12,000 pixels on a side", () => {
    expect(photoHeaderRefusal(png(10_000_000, 1))).toBe(
      "This photo is 10,000,000 x 1 pixels: a photo may be at most 12,000 pixels on a side.",
    );
    expect(photoHeaderRefusal(png(1, 39_999_999))).toBe(
      "This photo is 1 x 39,999,999 pixels: a photo may be at most 12,000 pixels on a side.",
    );
    expect(photoHeaderRefusal(png(12_001, 10))).toBe(
      "This photo is 12,001 x 10 pixels: a photo may be at most 12,000 pixels on a side.",
    );
    expect(photoHeaderRefusal(png(3_000, 12_001))).toMatch(/at most 12,000 pixels on a side/);
  });

  it("refuses a strip more than 20 times as long as it is wide, either way", () => {
    expect(photoHeaderRefusal(png(12_000, 599))).toBe(
      "This photo is 12,000 x 599 pixels: a photo may be at most 20 times as wide as it is tall.",
    );
    expect(photoHeaderRefusal(png(21, 1))).toMatch(/20 times as wide as it is tall/);
    expect(photoHeaderRefusal(png(500, 10_001))).toBe(
      "This photo is 500 x 10,001 pixels: a photo may be at most 20 times as tall as it is wide.",
    );
  });

  it("keeps the 40-megapixel message, checked first", () => {
    expect(photoHeaderRefusal(png(20_000, 20_000))).toBe(
      "This photo is 20000 x 20000 pixels (400 megapixels): the largest accepted is 40 megapixels.",
    );
    expect(photoHeaderRefusal(png(7_000, 6_000))).toMatch(/\(42 megapixels\)/);
  });

  it("refuses a header with no size as a damaged file", () => {
    expect(photoHeaderRefusal(png(0, 0))).toBe(
      "This photo could not be read: the file may be damaged.",
    );
  });

  it("holds files decoded whole to what 40 megapixels take at 8 bits RGBA", () => {
    const interlaced = (
      depth: PhotoHeader["depth"],
      width: number,
      height: number,
    ): PhotoHeader => ({
      ...png(width, height),
      depth,
      isProgressive: true,
    });
    expect(photoHeaderRefusal(interlaced("uchar", 12_000, 3_333))).toBeUndefined();
    expect(photoHeaderRefusal(interlaced("ushort", 12_000, 1_666))).toBeUndefined();
    expect(photoHeaderRefusal(interlaced("ushort", 12_000, 1_667))).toBe(
      "This photo is 12,000 x 1,667 pixels, an interlaced PNG: a photo saved that way may be at most 20 megapixels. Save it as a PNG without interlacing, or as a JPEG.",
    );
    const progressive = (
      chromaSubsampling: string,
      width: number,
      height: number,
    ): PhotoHeader => ({
      format: "jpeg",
      width,
      height,
      channels: 3,
      depth: "uchar",
      isProgressive: true,
      chromaSubsampling,
    });
    expect(photoHeaderRefusal(progressive("4:2:0", 12_000, 3_333))).toBeUndefined();
    expect(photoHeaderRefusal(progressive("4:4:4", 12_000, 2_222))).toBeUndefined();
    expect(photoHeaderRefusal(progressive("4:4:4", 12_000, 3_333))).toBe(
      "This photo is 12,000 x 3,333 pixels, a progressive JPEG: a photo saved that way may be at most 26 megapixels. Save it as a standard (baseline) JPEG.",
    );
    // A baseline JPEG or a plain PNG is read line by line: only the other limits apply.
    expect(
      photoHeaderRefusal({ ...progressive("4:4:4", 12_000, 3_333), isProgressive: false }),
    ).toBeUndefined();
  });

  it("reads interlacing, depth and subsampling as sharp reports them", async () => {
    const fill = { r: 10, g: 20, b: 30, alpha: 0.5 };
    const image = (channels: 3 | 4) =>
      sharp({ create: { width: 64, height: 48, channels, background: fill } });
    const headerOf = async (bytes: Buffer) => sharp(bytes).metadata();
    const plainPng = await headerOf(await image(4).toColourspace("rgb16").png().toBuffer());
    expect(wholeDecodeBytesPerPixel(plainPng)).toBe(0);
    const interlaced16 = await headerOf(
      await image(4).toColourspace("rgb16").png({ progressive: true }).toBuffer(),
    );
    expect(wholeDecodeBytesPerPixel(interlaced16)).toBe(8);
    const interlaced8 = await headerOf(await image(3).png({ progressive: true }).toBuffer());
    expect(wholeDecodeBytesPerPixel(interlaced8)).toBe(3);
    const progressive = (chromaSubsampling: string) =>
      image(3).jpeg({ progressive: true, chromaSubsampling }).toBuffer().then(headerOf);
    expect(wholeDecodeBytesPerPixel(await progressive("4:4:4"))).toBe(6);
    expect(wholeDecodeBytesPerPixel(await progressive("4:2:0"))).toBe(3);
    const baseline = await headerOf(await image(3).jpeg().toBuffer());
    expect(wholeDecodeBytesPerPixel(baseline)).toBe(0);
  });
});
