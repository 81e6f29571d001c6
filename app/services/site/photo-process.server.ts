// Turning an uploaded file into the photo the site keeps (docs/product.md#gallery-and-photos):
// the type is decided from the bytes, never the name; the header alone decides, before a pixel
// is decoded, whether it is converted at all (its size, sides and shape: photo-limits.server.ts,
// docs/security.md#photo-limits); the orientation is applied and every piece of metadata
// (EXIF with the GPS position a phone writes, XMP, ICC) is left out, since sharp writes none
// unless asked; one master at most 2560 px on its long side is kept, and the files pages get are
// made from it: AVIF, WebP and JPEG in several widths. No database here: photos.server.ts saves.
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { PhotoFileFormat } from "../../lib/photo-view";
import { MAX_INPUT_PIXELS, photoHeaderRefusal } from "./photo-limits.server";

/** The master's longest side. */
export const MASTER_MAX_SIDE = 2560;
/** The widths pages may pick from (srcset), each no larger than the master. */
export const PHOTO_WIDTHS = [480, 800, 1200, 1600, 2560] as const;
/**
 * AVIF stops at 1600 px: its encoder is the slow one (a 2560 px AVIF costs more than all the
 * other files together), and 1600 px covers the widest place a photo is shown (800 CSS px at 2x).
 * Wider screens get the 2560 px WebP or JPEG.
 */
const AVIF_MAX_WIDTH = 1600;

const ACCEPTED = new Set(["jpeg", "png", "webp"]);
const FORMAT_NAMES: Record<string, string> = {
  heif: "HEIC/HEIF",
  gif: "GIF",
  svg: "SVG",
  tiff: "TIFF",
  jp2k: "JPEG 2000",
  jxl: "JPEG XL",
  pdf: "PDF",
  raw: "raw",
};

// One libvips thread per image and no operation cache: a server keeps its memory for requests
// (measured in docs/performance.md#photos: RSS while ten 12 MP photos are uploaded; and with the
// costliest photos accepted, docs/security.md#photo-limits).
sharp.concurrency(1);
sharp.cache(false);

export interface PreparedPhotoFile {
  format: PhotoFileFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface PreparedPhoto {
  /** The master's content hash (hex, 20 characters): names every file. */
  hash: string;
  width: number;
  height: number;
  format: "jpeg" | "png" | "webp";
  master: Buffer;
  files: PreparedPhotoFile[];
}

export type PrepareResult = { ok: true; photo: PreparedPhoto } | { ok: false; message: string };

/** The widths of a format for a master `width` wide: the steps well below it, then its own. */
export function widthsFor(width: number, cap = MASTER_MAX_SIDE): number[] {
  const top = Math.min(width, cap);
  // A step within 15% of the top adds a file no browser would choose differently.
  return [...PHOTO_WIDTHS.filter((step) => step <= top * 0.85), top];
}

// Photos are processed one at a time per process, those of one request and of all requests: two
// at once would double the decoded pixels held in memory for no faster answer on a small server,
// and one photo's cost is bounded (docs/security.md#photo-limits).
let queue: Promise<unknown> = Promise.resolve();

/** Checks and converts an uploaded file; a refusal says why in words for the page. */
export function preparePhoto(bytes: Buffer): Promise<PrepareResult> {
  const run = queue.then(() => prepareNow(bytes));
  queue = run.catch(() => undefined);
  return run;
}

async function prepareNow(bytes: Buffer): Promise<PrepareResult> {
  if (bytes.length === 0) return { ok: false, message: "The file is empty." };
  let header: sharp.Metadata;
  try {
    // Reads the header only (no pixels); no pixel limit here so a huge image is named as such.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return {
      ok: false,
      message: "This file is not a photo: upload a JPEG, PNG or WebP image.",
    };
  }
  if (!ACCEPTED.has(header.format)) {
    const name = FORMAT_NAMES[header.format] ?? header.format.toUpperCase();
    return {
      ok: false,
      message: `This file is a ${name} image: upload a JPEG, PNG or WebP image.`,
    };
  }
  const refusal = photoHeaderRefusal(header);
  if (refusal) return { ok: false, message: refusal };
  try {
    return { ok: true, photo: await convert(bytes, header.format as PreparedPhoto["format"]) };
  } catch {
    return { ok: false, message: "This photo could not be read: the file may be damaged." };
  }
}

async function convert(bytes: Buffer, format: PreparedPhoto["format"]): Promise<PreparedPhoto> {
  // Decoded once, line by line where the format allows (sequentialRead; a JPEG or WebP is
  // shrunk as it is decoded), turned upright and scaled to the master's size; every file is made
  // from these pixels. sharp's default output carries no metadata at all.
  const { data, info } = await sharp(bytes, {
    limitInputPixels: MAX_INPUT_PIXELS,
    sequentialRead: true,
  })
    .rotate()
    .resize(MASTER_MAX_SIDE, MASTER_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = {
    raw: { width: info.width, height: info.height, channels: info.channels },
  } as const;
  const pixels = () => sharp(data, raw);
  const master = await encodeMaster(pixels(), format).toBuffer();
  const hash = createHash("sha256").update(master).digest("hex").slice(0, 20);

  const files: PreparedPhotoFile[] = [];
  const make = async (fileFormat: PhotoFileFormat, cap?: number) => {
    for (const width of widthsFor(info.width, cap)) {
      const out = await encode(pixels().resize(width), fileFormat).toBuffer({
        resolveWithObject: true,
      });
      files.push({ format: fileFormat, width, height: out.info.height, bytes: out.data });
    }
  };
  await make("avif", AVIF_MAX_WIDTH);
  await make("webp");
  await make("jpeg");
  return { hash, width: info.width, height: info.height, format, master, files };
}

/** The kept master: the upload's own format, at a quality later files can be made from. */
function encodeMaster(image: sharp.Sharp, format: PreparedPhoto["format"]): sharp.Sharp {
  if (format === "png") return image.png({ compressionLevel: 6 });
  if (format === "webp") return image.webp({ quality: 90 });
  return image.jpeg({ quality: 90 });
}

function encode(image: sharp.Sharp, format: PhotoFileFormat): sharp.Sharp {
  switch (format) {
    case "avif":
      // Effort 1 (of 0-9, default 4): a few percent larger than the default's files in a
      // twentieth of its time; one 12 MP upload is processed in under 3 s on a small server
      // (scripts/bench/photos.bench.ts, docs/performance.md#photos).
      return image.avif({ quality: 50, effort: 1 });
    case "webp":
      // Effort 2 (of 0-6, default 4): about half the time for a few percent in size.
      return image.webp({ quality: 78, effort: 2 });
    case "jpeg":
      // JPEG has no transparency: a PNG's transparent parts become white.
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: 80, progressive: true });
  }
}
