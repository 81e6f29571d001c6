// Photos (docs/product.md#gallery-and-photos): the type comes from the bytes, images over 40
// megapixels are refused from their header, orientation is applied, no metadata survives, and the
// files are stored in the database under content-hashed names. Real sharp on real files.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { largestPhotoUrl, photoUrl } from "~/lib/photo-view";
import { photoFiles, photos } from "~/services/db/schema.server";
import { preparePhoto } from "~/services/site/photo-process.server";
import { hitUploadLimit, UPLOAD_LIMIT } from "~/services/site/photo-upload.server";
import {
  deletePhotoIfUnused,
  readPhotoFile,
  readPhotoViews,
  storePhoto,
} from "~/services/site/photos.server";
import { hugePngHeader, metadataOf, phoneJpeg } from "../../support/photo-files";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

async function countPhotos() {
  return (await database.db.select({ id: photos.id }).from(photos)).length;
}

describe("storePhoto", () => {
  it("keeps a phone's JPEG upright, without its GPS or any metadata, in AVIF, WebP and JPEG widths", async () => {
    const upload = await phoneJpeg({ width: 3000, height: 2000 });
    // The upload really carries what a phone writes.
    const before = await metadataOf(upload);
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("PhonePro");
    expect(before.xmp).toBeDefined();

    const stored = await storePhoto(database.db, upload);
    if (!stored.ok) throw new Error(stored.message);
    const view = (await readPhotoViews(database.db, [stored.photoId])).get(stored.photoId);
    if (!view) throw new Error("no view");
    // Stored sideways, shown upright: 2000 wide, 3000 high, scaled to 2560 on the long side.
    expect(view.width).toBeLessThan(view.height);
    expect(Math.max(view.width, view.height)).toBe(2560);
    expect(view.widths.avif).toEqual([480, 800, 1200, 1600]);
    // 1600 is within 15% of the 1707 px master: no file for it.
    expect(view.width).toBe(1707);
    expect(view.widths.webp).toEqual([480, 800, 1200, 1707]);
    expect(view.widths.jpeg).toEqual(view.widths.webp);

    const [master] = await database.db.select().from(photos).where(eq(photos.id, stored.photoId));
    const files = await database.db
      .select()
      .from(photoFiles)
      .where(eq(photoFiles.photoId, stored.photoId));
    expect(files).toHaveLength(12);
    for (const bytes of [master?.master, ...files.map((file) => file.bytes)]) {
      if (!bytes) throw new Error("no bytes");
      const meta = await metadataOf(bytes);
      expect(meta).toMatchObject({
        exif: undefined,
        xmp: undefined,
        icc: undefined,
        iptc: undefined,
      });
      expect(meta.orientation ?? 1).toBe(1);
      // No trace of the camera or the place in the bytes either.
      expect(bytes.toString("latin1")).not.toMatch(/PhonePro|GPSLatitude|41,52/);
    }
    // Served by name, with the format's type; the name is the content hash and the width.
    for (const file of files) {
      expect(file.name).toBe(
        `${view.hash}-${file.width}.${file.format === "jpeg" ? "jpg" : file.format}`,
      );
      const served = await readPhotoFile(database.db, file.name);
      expect(served?.contentType).toBe(`image/${file.format}`);
      expect(Buffer.compare(served?.bytes ?? Buffer.alloc(0), file.bytes)).toBe(0);
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format === "heif" ? "avif" : meta.format).toBe(file.format);
      expect(meta.width).toBe(file.width);
    }
    // The rotated pixels: the stripe painted on the left of the sideways file is now on top.
    const jpeg = files.find((file) => file.format === "jpeg")?.bytes;
    const corner = async (left: number, top: number) =>
      [...(await sharp(jpeg).extract({ left, top, width: 1, height: 1 }).raw().toBuffer())][1] ?? 0;
    expect(await corner(5, 5)).toBeGreaterThan(200);
    expect(await corner(5, 470)).toBeLessThan(100);
    expect(photoUrl(view, "avif", 480)).toBe(`/photos/${view.hash}-480.avif`);
    expect(largestPhotoUrl(view)).toBe(`/photos/${view.hash}-${view.width}.jpg`);
  });

  it("makes no file wider than a small photo", async () => {
    const upload = await sharp({
      create: { width: 600, height: 400, channels: 4, background: "#33669980" },
    })
      .png()
      .toBuffer();
    const stored = await storePhoto(database.db, upload);
    if (!stored.ok) throw new Error(stored.message);
    const view = (await readPhotoViews(database.db, [stored.photoId])).get(stored.photoId);
    expect(view).toMatchObject({ width: 600, height: 400 });
    expect(view?.widths).toEqual({ avif: [480, 600], webp: [480, 600], jpeg: [480, 600] });
  });

  it("refuses a file named photo.jpg that holds HTML, saying what is accepted", async () => {
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const result = await storePhoto(database.db, html);
    expect(result).toEqual({
      ok: false,
      message: "This file is not a photo: upload a JPEG, PNG or WebP image.",
    });
    expect(await countPhotos()).toBe(0);
  });

  it("refuses images of other types by their bytes", async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect(await storePhoto(database.db, gif)).toEqual({
      ok: false,
      message: "This file is a GIF image: upload a JPEG, PNG or WebP image.",
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await storePhoto(database.db, svg)).toMatchObject({
      ok: false,
      message: "This file is a SVG image: upload a JPEG, PNG or WebP image.",
    });
    expect(await storePhoto(database.db, Buffer.alloc(0))).toEqual({
      ok: false,
      message: "The file is empty.",
    });
    expect(await countPhotos()).toBe(0);
  });

  it("refuses a 20,000 x 20,000 PNG from its header, without decoding it", async () => {
    const png = hugePngHeader();
    expect(png.length).toBeLessThan(1000);
    const rssBefore = process.memoryUsage().rss;
    const result = await preparePhoto(png);
    expect(result).toEqual({
      ok: false,
      message:
        "This photo is 20000 x 20000 pixels (400 megapixels): the largest accepted is 40 megapixels.",
    });
    // Decoding would have needed 1.2 GB: nothing near that was taken.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200_000_000);
    expect(await storePhoto(database.db, png)).toMatchObject({ ok: false });
    expect(await countPhotos()).toBe(0);
  });

  it("refuses a damaged JPEG, and keeps one photo for the same bytes uploaded twice", async () => {
    const upload = await phoneJpeg({ width: 800, height: 600 });
    const damaged = upload.subarray(0, Math.round(upload.length / 2));
    expect(await storePhoto(database.db, damaged)).toEqual({
      ok: false,
      message: "This photo could not be read: the file may be damaged.",
    });
    const first = await storePhoto(database.db, upload);
    const second = await storePhoto(database.db, upload);
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual(first);
    expect(await countPhotos()).toBe(1);
  });
});

describe("photo files", () => {
  it("answers nothing for unknown or malformed names, and goes with a deleted photo", async () => {
    expect(await readPhotoFile(database.db, "0123456789abcdef0123-480.avif")).toBeUndefined();
    expect(await readPhotoFile(database.db, "../../etc/passwd")).toBeUndefined();
    const stored = await storePhoto(database.db, await phoneJpeg({ width: 500, height: 500 }));
    if (!stored.ok) throw new Error(stored.message);
    const view = (await readPhotoViews(database.db, [stored.photoId])).get(stored.photoId);
    if (!view) throw new Error("no view");
    const name = `${view.hash}-500.webp`;
    expect(await readPhotoFile(database.db, name)).toBeDefined();
    expect(await deletePhotoIfUnused(database.db, stored.photoId)).toBe(true);
    expect(await readPhotoFile(database.db, name)).toBeUndefined();
    expect((await readPhotoViews(database.db, [stored.photoId])).size).toBe(0);
  });
});

describe("upload rate limit", () => {
  it("lets one client upload 60 times in 10 minutes, then refuses it but not another", async () => {
    for (let i = 0; i < UPLOAD_LIMIT.limit; i++) {
      expect(await hitUploadLimit(database.db, "203.0.113.7")).toBe(true);
    }
    expect(await hitUploadLimit(database.db, "203.0.113.7")).toBe(false);
    expect(await hitUploadLimit(database.db, "2001:db8:1:2::/64")).toBe(true);
  });
});
