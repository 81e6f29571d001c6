// Which uploaded photos are converted at all, judged from the file's header alone, before a pixel
// is decoded (docs/security.md#photo-limits). What converting costs grows with a photo's width
// (libvips keeps lines of it, as floats, at every step) and, for the files that cannot be
// decoded line by line, with its whole decoded size; the pixel count alone let a 77 KB PNG of
// 10,000,000 x 1 pixels take the server past 1.2 GB. Every limit below was measured with
// scripts/bench/photo-limits.bench.ts.
import type sharp from "sharp";

/** The largest photo accepted, in pixels (width x height). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The longest side accepted, in pixels: a 48-megapixel phone photo is 8,064 wide. */
export const MAX_SIDE = 12_000;
/** How many times its short side a photo's long side may be (a panorama is about 1:4). */
export const MAX_ASPECT = 20;
/**
 * What a file that libvips must decode whole before scaling (an interlaced PNG, a progressive
 * JPEG's coefficients) may take decoded: what 40 megapixels take at 8 bits RGBA. A 16-bit RGBA
 * interlaced PNG of 12,000 x 3,333 needed 445 MB more; at this limit the worst took 275 MB.
 */
export const MAX_WHOLE_DECODE_BYTES = 160_000_000;

/** What of sharp's metadata() the rule reads: the header, never a pixel. */
export type PhotoHeader = Pick<
  sharp.Metadata,
  "format" | "width" | "height" | "channels" | "depth" | "isProgressive" | "chromaSubsampling"
>;

const number = (value: number) => value.toLocaleString("en-US");

/**
 * Why a JPEG, PNG or WebP file with this header is not converted, in words for the page; undefined
 * when it may be. The megapixel limit comes first and keeps its message of before issue 36.
 */
export function photoHeaderRefusal(header: PhotoHeader): string | undefined {
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  if (width < 1 || height < 1) return "This photo could not be read: the file may be damaged.";
  if (width * height > MAX_INPUT_PIXELS) {
    const megapixels = Math.round((width * height) / 1_000_000);
    return `This photo is ${width} x ${height} pixels (${megapixels} megapixels): the largest accepted is ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
  }
  const size = `This photo is ${number(width)} x ${number(height)} pixels`;
  if (Math.max(width, height) > MAX_SIDE) {
    return `${size}: a photo may be at most ${number(MAX_SIDE)} pixels on a side.`;
  }
  if (width > MAX_ASPECT * height) {
    return `${size}: a photo may be at most ${MAX_ASPECT} times as wide as it is tall.`;
  }
  if (height > MAX_ASPECT * width) {
    return `${size}: a photo may be at most ${MAX_ASPECT} times as tall as it is wide.`;
  }
  return wholeDecodeRefusal(header, width, height, size);
}

function wholeDecodeRefusal(
  header: PhotoHeader,
  width: number,
  height: number,
  size: string,
): string | undefined {
  const perPixel = wholeDecodeBytesPerPixel(header);
  if (perPixel === 0 || width * height * perPixel <= MAX_WHOLE_DECODE_BYTES) return undefined;
  const most = Math.floor(MAX_WHOLE_DECODE_BYTES / perPixel / 1_000_000);
  return header.format === "png"
    ? `${size}, an interlaced PNG: a photo saved that way may be at most ${most} megapixels. Save it as a PNG without interlacing, or as a JPEG.`
    : `${size}, a progressive JPEG: a photo saved that way may be at most ${most} megapixels. Save it as a standard (baseline) JPEG.`;
}

/**
 * Bytes a pixel takes when the file must be decoded whole, 0 when it is read line by line: an
 * interlaced PNG's samples, or a progressive JPEG's coefficients (2 bytes a sample, fewer
 * samples where its colour is subsampled).
 */
export function wholeDecodeBytesPerPixel(header: PhotoHeader): number {
  if (!header.isProgressive) return 0;
  const channels = header.channels ?? 4;
  if (header.format === "png") return channels * (header.depth === "ushort" ? 2 : 1);
  if (header.format !== "jpeg") return 0;
  return 2 * (JPEG_SAMPLES[header.chromaSubsampling ?? ""] ?? channels);
}

/** Samples a pixel in a JPEG by its subsampling: 4:2:0 keeps one colour sample for four pixels. */
const JPEG_SAMPLES: Record<string, number> = {
  "4:4:4": 3,
  "4:2:2": 2,
  "4:2:0": 1.5,
  "4:4:4:4": 4,
  "4:2:2:4": 3,
  "4:2:0:4": 2.5,
};
