// The first start of a database puts the spec's nine gallery designs (app/content/gallery-photos.ts)
// into the gallery, once ever: afterwards staff own it, and a photo they delete does not come
// back. Their files are the illustrations tools/illustrations already drew and optimised into
// public/images (AVIF and WebP, three widths): stored as they are, since encoding AVIF again at
// every first start would cost seconds (tests start many). They have no JPEG; <Photo> then falls
// back to WebP, as the illustrations do elsewhere.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { galleryPhotos as seedPhotos } from "../../content/gallery-photos";
import { images } from "../../content/images";
import { photoFileName } from "../../lib/photo-view";
import type { Database } from "../db/client.server";
import { galleryPhotos, photoFiles, photos, seedRuns } from "../db/schema.server";

/** Where the drawn images are: the source folder, or the built site's copy of it. */
function imagesFolder(): string | undefined {
  return ["public/images", "build/client/images"]
    .map((folder) => path.resolve(folder))
    .find((folder) => fs.existsSync(folder));
}

interface SeedPhoto {
  slug: string;
  caption: string;
  alt: string;
  hash: string;
  width: number;
  height: number;
  master: Buffer;
  files: { format: "avif" | "webp"; width: number; height: number; bytes: Buffer }[];
}

function readSeedPhotos(folder: string): SeedPhoto[] {
  return seedPhotos.map((entry) => {
    const image = images[entry.image];
    const read = (width: number, format: "avif" | "webp") =>
      fs.readFileSync(path.join(folder, `${image.name}-${width}.${format}`));
    const largest = image.widths.at(-1) ?? image.width;
    const master = read(largest, "webp");
    const files = image.widths.flatMap((width) =>
      (["avif", "webp"] as const).map((format) => ({
        format,
        width,
        height: Math.round((image.height * width) / image.width),
        bytes: read(width, format),
      })),
    );
    return {
      slug: entry.id,
      caption: entry.title,
      alt: image.alt,
      hash: createHash("sha256").update(master).digest("hex").slice(0, 20),
      width: largest,
      height: Math.round((image.height * largest) / image.width),
      master,
      files,
    };
  });
}

/**
 * Seeds the gallery if this database never had it; safe with several processes starting.
 * Resolves true when it was seeded now; false when it had been, or the images are not there
 * (then a later start tries again).
 */
export async function seedGalleryOnce(db: Database): Promise<boolean> {
  const folder = imagesFolder();
  let seeds: SeedPhoto[];
  try {
    if (!folder) return false;
    seeds = readSeedPhotos(folder);
  } catch {
    return false;
  }
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: "gallery-photos" })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return false;
    for (const [index, seed] of seeds.entries()) {
      const [photo] = await tx
        .insert(photos)
        .values({
          hash: seed.hash,
          width: seed.width,
          height: seed.height,
          format: "webp",
          master: seed.master,
        })
        .onConflictDoUpdate({ target: photos.hash, set: { hash: seed.hash } })
        .returning({ id: photos.id });
      if (!photo) throw new Error(`Seeding the gallery: photo ${seed.caption} not stored`);
      for (const file of seed.files) {
        await tx
          .insert(photoFiles)
          .values({
            photoId: photo.id,
            ...file,
            name: photoFileName(seed.hash, file.width, file.format),
          })
          .onConflictDoNothing();
      }
      await tx.insert(galleryPhotos).values({
        photoId: photo.id,
        alt: seed.alt,
        caption: seed.caption,
        slug: seed.slug,
        sortOrder: (index + 1) * 10,
      });
    }
    return true;
  });
}
