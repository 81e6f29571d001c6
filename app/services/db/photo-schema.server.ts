// The photos the owner uploads and the gallery that shows them (docs/product.md#gallery-and-photos).
// Same rules as schema.server.ts, which re-exports all of it; these tables are site tables too
// (site-schema.server.ts): a change moves the site version (drizzle/0023).
// Relative imports: drizzle-kit loads this outside Vite.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { instant, sqlList } from "./columns.server";

/** Binary data (photos), read and written as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The stamp of the latest change to any table in this file: one row (id 1). */
export const PHOTO_FORMATS = ["avif", "webp", "jpeg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/**
 * An uploaded photo, as kept: the master (metadata stripped, orientation applied, at most 2560 px
 * on its long side) and its size. `hash` names it in the files' URLs (content-hashed, so a URL is
 * never reused for other bytes).
 */
export const photos = pgTable(
  "photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The master's format: "jpeg", "png" or "webp". */
    format: text("format").notNull(),
    master: bytea("master").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("photos_hash").on(table.hash),
    check("photos_format", sql`${table.format} in ('jpeg', 'png', 'webp')`),
    check(
      "photos_size",
      sql`${table.width} between 1 and 2560 and ${table.height} between 1 and 2560`,
    ),
  ],
);

/** The files pages get of a photo: each format in several widths, served at `/photos/<name>`. */
export const photoFiles = pgTable(
  "photo_files",
  {
    photoId: uuid("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** "<hash>-<width>.<ext>": unique, the address the file is served at. */
    name: text("name").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.photoId, table.format, table.width] }),
    uniqueIndex("photo_files_name").on(table.name),
    check("photo_files_format", sql`${table.format} in (${sqlList(PHOTO_FORMATS)})`),
  ],
);

/**
 * '/gallery': the photos in the owner's order; hidden ones are kept but not shown. A photo is
 * uploaded with no alt text (a file input cannot ask for one per file) and is not shown until
 * staff write one (docs/product.md#gallery-and-photos).
 */
export const galleryPhotos = pgTable(
  "gallery_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    photoId: uuid("photo_id")
      .notNull()
      .references(() => photos.id),
    alt: text("alt").notNull(),
    caption: text("caption").notNull().default(""),
    sortOrder: integer("sort_order").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    /**
     * The address name of a seeded design ("classic-french": /gallery-photo?photo=classic-french,
     * as the earlier site linked it); null for an upload, addressed by its id.
     */
    slug: text("slug"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("gallery_photos_order").on(table.sortOrder),
    uniqueIndex("gallery_photos_slug").on(table.slug),
    check("gallery_photos_slug_format", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("gallery_photos_alt_length", sql`char_length(${table.alt}) <= 200`),
    check("gallery_photos_caption_length", sql`char_length(${table.caption}) <= 300`),
  ],
);
