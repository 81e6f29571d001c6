// Reviews (docs/product.md#reviews): the guests' words on /reviews and the home page, in the
// order staff give them; a hidden one is kept but not shown. The spec's six are seeded once at
// first start (app/content/review-quotes.ts); afterwards staff own them, and one they delete
// does not come back. The routes run each change in a transaction with its activity record
// (app/routes/site-reviews.tsx); the database's CHECKs hold the same limits as ReviewSchema.
import { asc, eq, sql } from "drizzle-orm";
import { reviews as seedQuotes } from "../../content/review-quotes";
import { LOCALES, type Locale } from "../../domain/i18n/locale";
import { swapWithNeighbour } from "../../domain/ordering";
import { isUuid } from "../../domain/uuid";
import {
  collapsedLine,
  fieldErrorsOf,
  isOneLine,
  nameField,
  ONE_LINE_MESSAGE,
  z,
} from "../../domain/zod";
import type { Database } from "../db/client.server";
import { reviews, seedRuns } from "../db/schema.server";

const QUOTE_MAX = 1000;
const NAME_MAX = 60;
const CITY_MAX = 60;

/**
 * 'Add Review' and 'Edit': the quote (line breaks become spaces), a name, an optional city, and
 * the language it is written in (English when a form sends none).
 */
const ReviewSchema = z.object({
  quote: collapsedLine(QUOTE_MAX, {
    required: "Required",
    special: "Write the quote without special characters",
  }),
  name: nameField(NAME_MAX),
  city: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(
      z
        .string()
        .max(CITY_MAX, `At most ${CITY_MAX} characters`)
        .refine(isOneLine, ONE_LINE_MESSAGE),
    ),
  language: z.preprocess((value) => value ?? "en", z.enum(LOCALES, "Choose English or Español")),
});

interface ReviewView {
  id: string;
  quote: string;
  name: string;
  city: string;
  language: Locale;
  hidden: boolean;
}

/** A change made: what the activity log says of it. */
export type ReviewChange =
  | { ok: true; id: string; did: string }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "not-found" }
  | { ok: false; kind: "at-end"; message: string };

const ORDER = [asc(reviews.sortOrder), asc(reviews.createdAt), asc(reviews.id)] as const;
const COLUMNS = {
  id: reviews.id,
  quote: reviews.quote,
  name: reviews.name,
  city: reviews.city,
  language: reviews.language,
  hidden: reviews.hidden,
};

/** Every review, in the owner's order (the staff page). */
export async function listReviews(db: Database): Promise<ReviewView[]> {
  return db
    .select(COLUMNS)
    .from(reviews)
    .orderBy(...ORDER);
}

/** The visible reviews, in order: what /reviews and the home page show. */
export async function listVisibleReviews(
  db: Database,
  limit?: number,
): Promise<Omit<ReviewView, "hidden">[]> {
  const query = db
    .select({
      id: reviews.id,
      quote: reviews.quote,
      name: reviews.name,
      city: reviews.city,
      language: reviews.language,
    })
    .from(reviews)
    .where(eq(reviews.hidden, false))
    .orderBy(...ORDER);
  return limit === undefined ? query : query.limit(limit);
}

const who = (review: { name: string }) => `the review by ${review.name}`;

function parse(input: unknown) {
  const parsed = ReviewSchema.safeParse(input);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  return {
    ok: false as const,
    kind: "invalid" as const,
    fieldErrors: fieldErrorsOf(parsed.error.issues),
  };
}

/** 'Add Review': last in the order, shown at once. */
export async function addReview(db: Database, input: unknown): Promise<ReviewChange> {
  const read = parse(input);
  if (!read.ok) return read;
  const [row] = await db
    .insert(reviews)
    .values({
      ...read.data,
      // After the last one, in the same statement (no read-then-write race between two adds).
      sortOrder: sql`(select coalesce(max(${reviews.sortOrder}), 0) + 10 from ${reviews})`,
    })
    .returning({ id: reviews.id });
  if (!row) throw new Error("The review was not stored.");
  return { ok: true, id: row.id, did: `Added ${who(read.data)}` };
}

/** 'Edit': its quote, name, city and language; its place and visibility stay. */
export async function updateReview(
  db: Database,
  id: unknown,
  input: unknown,
): Promise<ReviewChange> {
  const read = parse(input);
  if (!read.ok) return read;
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const [row] = await db
    .update(reviews)
    .set(read.data)
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  if (!row) return { ok: false, kind: "not-found" };
  return { ok: true, id: row.id, did: `Edited ${who(read.data)}` };
}

/** 'Hide' (kept, not shown on the site) and 'Show' again. */
export async function setReviewHidden(
  db: Database,
  id: unknown,
  hidden: boolean,
): Promise<ReviewChange> {
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const [row] = await db
    .update(reviews)
    .set({ hidden })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id, name: reviews.name });
  if (!row) return { ok: false, kind: "not-found" };
  return { ok: true, id: row.id, did: `${hidden ? "Hid" : "Showed again"} ${who(row)}` };
}

/** 'Delete': gone for good (the seed never brings it back). */
export async function deleteReview(db: Database, id: unknown): Promise<ReviewChange> {
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const [row] = await db
    .delete(reviews)
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id, name: reviews.name });
  if (!row) return { ok: false, kind: "not-found" };
  return { ok: true, id: row.id, did: `Deleted ${who(row)}` };
}

/**
 * 'Move Up' / 'Move Down': swaps it with its neighbour in the staff page's order (hidden ones
 * count, as the list shows them). The whole order is locked and written again as 10, 20, ...: a
 * few dozen rows, and two staff moving at once each see the other's move.
 */
export async function moveReview(
  db: Database,
  id: unknown,
  direction: "up" | "down",
): Promise<ReviewChange> {
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: reviews.id, name: reviews.name })
      .from(reviews)
      .orderBy(...ORDER)
      .for("update");
    const row = rows.find((r) => r.id === id);
    const moved = swapWithNeighbour(
      rows.map((r) => r.id),
      id,
      direction,
    );
    if (!row || !moved.ok) return moved.ok ? { ok: false, kind: "not-found" } : moved;
    for (const [position, rowId] of moved.order.entries()) {
      await tx
        .update(reviews)
        .set({ sortOrder: (position + 1) * 10 })
        .where(eq(reviews.id, rowId));
    }
    return { ok: true, id: row.id, did: `Moved ${who(row)} ${direction}` };
  });
}

/**
 * Seeds the spec's six reviews if this database never had them; safe with several processes
 * starting (the seed_runs row is the claim). Resolves true when they were seeded now.
 */
export async function seedReviewsOnce(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: "reviews" })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return false;
    await tx
      .insert(reviews)
      .values(seedQuotes.map((quote, index) => ({ ...quote, sortOrder: (index + 1) * 10 })));
    return true;
  });
}
