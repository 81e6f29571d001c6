// Real image files for the photo tests, made by sharp in the test: a phone-like JPEG carrying GPS
// in its EXIF and a rotation to apply, and a PNG whose header claims 20,000 x 20,000 pixels.
import zlib from "node:zlib";
import sharp from "sharp";

/** A landscape JPEG stored sideways (EXIF orientation 6, as phones write), with GPS and XMP. */
export async function phoneJpeg(
  options: { width?: number; height?: number; colour?: string } = {},
): Promise<Buffer> {
  const width = options.width ?? 1200;
  const height = options.height ?? 900;
  return sharp({
    create: { width, height, channels: 3, background: options.colour ?? "#c0405a" },
  })
    .composite([
      {
        input: {
          create: { width: Math.round(width / 4), height, channels: 3, background: "#fde2e7" },
        },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhonePro", Model: "Camera 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "41/1 52/1 30/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "87/1 37/1 0/1",
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="41,52.5N"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** A detailed 12-megapixel JPEG (4000 x 3000) like a phone's, for the benchmark and big uploads. */
export async function largeJpeg(seed = 0, width = 4000, height = 3000): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 120 + (seed % 20), sigma: 50 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * A valid PNG whose header says 20,000 x 20,000 (400 megapixels), a few hundred bytes long: its
 * pixel data is one compressed run, so decoding it would need 1.2 GB of memory.
 */
export function hugePngHeader(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A valid PNG of `width` x `height` black pixels, non-interlaced, as small as deflate makes it:
 * a 10,000,000 x 1 RGBA PNG at 16 bits is 77,767 bytes (docs/security.md#photo-limits). Its
 * rows are built in memory here (about 80 MB for that one), never by a decoder.
 */
export function blackPng(
  width: number,
  height: number,
  options: { channels?: 1 | 3 | 4; bitDepth?: 8 | 16 } = {},
): Buffer {
  const channels = options.channels ?? 4;
  const bitDepth = options.bitDepth ?? 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = { 1: 0, 3: 2, 4: 6 }[channels]; // grey, RGB, RGBA
  // Each row: filter byte 0 (none), then its samples, all zero.
  const rows = Buffer.alloc(height * (1 + (width * channels * bitDepth) / 8));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The metadata left in an image file: none of these should be set in anything we serve. */
export async function metadataOf(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    exif: meta.exif,
    xmp: meta.xmp,
    icc: meta.icc,
    iptc: meta.iptc,
    orientation: meta.orientation,
  };
}
