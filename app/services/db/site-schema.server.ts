// The tables of what the owner says on her site (docs/product.md#the-site): the business details
// and opening hours, special hours, reviews, blog posts and page texts (the photos and the gallery
// are in photo-schema.server.ts). Same
// rules as schema.server.ts, which re-exports all of it. Every change to these tables moves the
// site version (drizzle/0023), which every public page the page cache keeps is rendered under, so
// an edit in any process shows on the next request in every process.
// Relative imports: drizzle-kit loads this outside Vite.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { WeeklyHours } from "../../domain/booking/technician-hours";
import { LOCALES } from "../../domain/i18n/locale";
import { instant, sqlList } from "./columns.server";
import { photos } from "./photo-schema.server";

export const siteVersion = pgTable(
  "site_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (table) => [check("site_version_one_row", sql`${table.id} = 1`)],
);

/**
 * The business details and the weekly opening hours ('Business Details', 'Opening Hours'): one
 * row (id 1), seeded at first start from app/content/business.ts. The phone is E.164; social
 * URLs are '' when the salon has none. `hours` is a week as technicians' (a weekday absent is a
 * closed day; two ranges are a midday break).
 */
export const siteDetails = pgTable(
  "site_details",
  {
    id: smallint("id").primaryKey().default(1),
    name: text("name").notNull(),
    /** The logo's mark and where the salon names itself briefly ("2 x 10"); empty: the name. */
    shortName: text("short_name").notNull().default(""),
    tagline: text("tagline").notNull(),
    description: text("description").notNull(),
    /** The tagline and description in Spanish (issue 39): empty until written. */
    taglineEs: text("tagline_es").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    /** The part of the city the salon is in ("Wicker Park"); empty: the city alone. */
    neighborhood: text("neighborhood").notNull().default(""),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    instagramUrl: text("instagram_url").notNull().default(""),
    facebookUrl: text("facebook_url").notNull().default(""),
    tiktokUrl: text("tiktok_url").notNull().default(""),
    pinterestUrl: text("pinterest_url").notNull().default(""),
    arriveEarlyMinutes: integer("arrive_early_minutes").notNull(),
    hours: jsonb("hours").$type<WeeklyHours>().notNull(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("site_details_one_row", sql`${table.id} = 1`),
    check("site_details_name_length", sql`char_length(${table.name}) between 1 and 80`),
    check(
      "site_details_short_name_length",
      sql`char_length(${table.shortName}) <= 40 and char_length(${table.neighborhood}) <= 60`,
    ),
    check("site_details_tagline_length", sql`char_length(${table.tagline}) <= 160`),
    check("site_details_description_length", sql`char_length(${table.description}) <= 1000`),
    check(
      "site_details_spanish_length",
      sql`char_length(${table.taglineEs}) <= 160 and char_length(${table.descriptionEs}) <= 1000`,
    ),
    check("site_details_phone", sql`${table.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check("site_details_email_length", sql`char_length(${table.email}) between 3 and 254`),
    check(
      "site_details_address_length",
      sql`char_length(${table.street}) between 1 and 120 and char_length(${table.city}) between 1 and 60
        and ${table.state} ~ '^[A-Z]{2}$' and ${table.zip} ~ '^[0-9]{5}(-[0-9]{4})?$'`,
    ),
    check(
      "site_details_geo",
      sql`${table.latitude} between -90 and 90 and ${table.longitude} between -180 and 180`,
    ),
    check(
      "site_details_social_length",
      sql`char_length(${table.instagramUrl}) <= 300 and char_length(${table.facebookUrl}) <= 300
        and char_length(${table.tiktokUrl}) <= 300 and char_length(${table.pinterestUrl}) <= 300`,
    ),
    check("site_details_arrive_early", sql`${table.arriveEarlyMinutes} between 0 and 120`),
  ],
);

/**
 * Dated exceptions to the weekly hours ('Special Hours'): from `fromDate` to `toDate` (salon
 * dates, one day when equal) the salon is closed all day, or open from `opens` to `closes` (salon
 * wall clock "HH:MM"). `note` is shown to visitors ("Christmas Eve").
 */
export const specialHours = pgTable(
  "special_hours",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date").notNull(),
    closed: boolean("closed").notNull(),
    opens: text("opens"),
    closes: text("closes"),
    note: text("note").notNull().default(""),
    /** The note in Spanish (issue 39): empty until written. */
    noteEs: text("note_es").notNull().default(""),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("special_hours_to_date").on(table.toDate),
    check(
      "special_hours_dates",
      sql`${table.fromDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and ${table.toDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and ${table.toDate} >= ${table.fromDate}`,
    ),
    check(
      "special_hours_times",
      sql`${table.closed} or (${table.opens} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${table.closes} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${table.opens} < ${table.closes})`,
    ),
    check("special_hours_note_length", sql`char_length(${table.note}) <= 100`),
    check("special_hours_note_es_length", sql`char_length(${table.noteEs}) <= 100`),
  ],
);

/** '/reviews' and the home page's quotes, in the owner's order. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quote: text("quote").notNull(),
    name: text("name").notNull(),
    city: text("city").notNull().default(""),
    /** The language the guest wrote in, marked on a page of the other language (issue 39). */
    language: text("language", { enum: LOCALES }).notNull().default("en"),
    sortOrder: integer("sort_order").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("reviews_order").on(table.sortOrder),
    check("reviews_quote_length", sql`char_length(${table.quote}) between 1 and 1000`),
    check("reviews_name_length", sql`char_length(${table.name}) between 1 and 60`),
    check("reviews_city_length", sql`char_length(${table.city}) <= 60`),
    check("reviews_language", sql`${table.language} in (${sqlList(LOCALES)})`),
  ],
);

export const POST_STATUSES = ["draft", "published"] as const;

/**
 * Blog posts: the Markdown staff write and the sanitised HTML made from it when saved. A draft is
 * seen only by signed-in staff; `date` is the post's date as shown ("YYYY-MM-DD").
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    author: text("author").notNull(),
    date: text("date").notNull(),
    description: text("description").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    coverPhotoId: uuid("cover_photo_id").references(() => photos.id),
    coverAlt: text("cover_alt").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull(),
    bodyHtml: text("body_html").notNull(),
    status: text("status", { enum: POST_STATUSES }).notNull(),
    /** The language it is written in: it appears on that language's blog, feed and sitemap. */
    language: text("language", { enum: LOCALES }).notNull().default("en"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("blog_posts_slug").on(table.slug),
    index("blog_posts_date").on(table.date),
    check("blog_posts_status", sql`${table.status} in (${sqlList(POST_STATUSES)})`),
    check("blog_posts_language", sql`${table.language} in (${sqlList(LOCALES)})`),
    check("blog_posts_date_format", sql`${table.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check("blog_posts_slug_format", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("blog_posts_title_length", sql`char_length(${table.title}) between 1 and 160`),
    check("blog_posts_author_length", sql`char_length(${table.author}) between 1 and 80`),
    check("blog_posts_description_length", sql`char_length(${table.description}) <= 500`),
    check("blog_posts_body_length", sql`char_length(${table.bodyMarkdown}) <= 100000`),
  ],
);

/**
 * The page texts the owner edits ('Page Texts'): one row per text, by key ("home.heading"); a
 * text with a photo ("about.1") names it. Keys and their first-start values are in
 * app/content (the seed).
 */
export const pageTexts = pgTable(
  "page_texts",
  {
    key: text("key").primaryKey(),
    value: text("value").notNull(),
    /** The text in Spanish (issue 39): empty until written, the English is shown then. */
    valueEs: text("value_es").notNull().default(""),
    photoId: uuid("photo_id").references(() => photos.id),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("page_texts_key_format", sql`${table.key} ~ '^[a-z0-9.-]{1,60}$'`),
    check("page_texts_value_length", sql`char_length(${table.value}) <= 5000`),
    check("page_texts_value_es_length", sql`char_length(${table.valueEs}) <= 5000`),
  ],
);
