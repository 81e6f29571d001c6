// 'Reviews' and 'Page Texts' (docs/product.md#reviews, #page-texts) against a real database: the
// seed once, adding, editing, hiding, deleting and reordering reviews, what the public pages
// read, saving the page texts; bad input stores nothing.
import { describe, expect, it } from "vitest";
import { reviews as seedQuotes } from "~/content/review-quotes";
import { pageTexts, photos, reviews } from "~/services/db/schema.server";
import {
  readPageTextPhotos,
  readPageTextStamps,
  readPageTexts,
  readPageTextValues,
} from "~/services/site/page-texts.server";
import { preparePageTextPhotos, savePageTexts } from "~/services/site/page-texts-save.server";
import {
  addReview,
  deleteReview,
  listReviews,
  listVisibleReviews,
  moveReview,
  seedReviewsOnce,
  setReviewHidden,
  updateReview,
} from "~/services/site/reviews.server";
import { phoneJpeg } from "../../support/photo-files";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

const names = async () => (await listReviews(database.db)).map((review) => review.name);
const shown = async () => (await listVisibleReviews(database.db)).map((review) => review.name);

async function add(name: string, quote = `A lovely visit, says ${name}.`) {
  const added = await addReview(database.db, { quote, name, city: "Chicago" });
  if (!added.ok) throw new Error(JSON.stringify(added));
  return added.id;
}

describe("reviews", () => {
  it("seeds the spec's six once, in order; one deleted does not come back", async () => {
    expect(await seedReviewsOnce(database.db)).toBe(true);
    const six = seedQuotes.map((quote) => quote.name);
    expect(await shown()).toEqual(six);
    const [first] = await listReviews(database.db);
    expect(await deleteReview(database.db, first?.id)).toMatchObject({ ok: true });
    expect(await seedReviewsOnce(database.db)).toBe(false);
    expect(await shown()).toEqual(six.slice(1));
  });

  it("adds at the end, edits in place, hides and shows again, deletes", async () => {
    const ana = await add("Ana P.");
    const bea = await add("Bea K.");
    expect(await names()).toEqual(["Ana P.", "Bea K."]);

    const edited = await updateReview(database.db, ana, {
      quote: "  Best  pedicure\r\nin town.  ",
      name: "Ana Pérez",
      city: "",
    });
    expect(edited).toEqual({ ok: true, id: ana, did: "Edited the review by Ana Pérez" });
    expect(await listVisibleReviews(database.db)).toEqual([
      { id: ana, quote: "Best pedicure in town.", name: "Ana Pérez", city: "", language: "en" },
      expect.objectContaining({ id: bea }),
    ]);

    expect(await setReviewHidden(database.db, ana, true)).toMatchObject({
      ok: true,
      did: "Hid the review by Ana Pérez",
    });
    expect(await shown()).toEqual(["Bea K."]);
    // Still listed for staff, in its place.
    expect(await names()).toEqual(["Ana Pérez", "Bea K."]);
    // The home page's quote is the first visible one.
    expect((await listVisibleReviews(database.db, 1)).map((r) => r.name)).toEqual(["Bea K."]);
    await setReviewHidden(database.db, ana, false);
    expect(await shown()).toEqual(["Ana Pérez", "Bea K."]);

    expect(await deleteReview(database.db, bea)).toMatchObject({ ok: true });
    expect(await names()).toEqual(["Ana Pérez"]);
    expect(await deleteReview(database.db, bea)).toEqual({ ok: false, kind: "not-found" });
  });

  it("keeps the language a review is written in: English unless the form says Español", async () => {
    const rosa = await addReview(database.db, {
      quote: "Muy buen servicio.",
      name: "Rosa M.",
      language: "es",
    });
    if (!rosa.ok) throw new Error(JSON.stringify(rosa));
    await add("Ana P.");
    const languages = async () =>
      (await listVisibleReviews(database.db)).map((review) => [review.name, review.language]);
    expect(await languages()).toEqual([
      ["Rosa M.", "es"],
      ["Ana P.", "en"],
    ]);
    // 'Edit' changes it, as the other fields.
    await updateReview(database.db, rosa.id, { quote: "Great service.", name: "Rosa M." });
    expect(await languages()).toEqual([
      ["Rosa M.", "en"],
      ["Ana P.", "en"],
    ]);
    // Only the two languages, with what to do.
    expect(await addReview(database.db, { quote: "Bien.", name: "X", language: "fr" })).toEqual({
      ok: false,
      kind: "invalid",
      fieldErrors: { language: "Choose English or Español" },
    });
  });

  it("moves up and down, hidden ones keeping their place; not past either end", async () => {
    const a = await add("A");
    const b = await add("B");
    const c = await add("C");
    await setReviewHidden(database.db, b, true);
    expect(await moveReview(database.db, c, "up")).toMatchObject({
      ok: true,
      did: "Moved the review by C up",
    });
    expect(await names()).toEqual(["A", "C", "B"]);
    expect(await shown()).toEqual(["A", "C"]);
    await moveReview(database.db, a, "down");
    expect(await names()).toEqual(["C", "A", "B"]);
    expect(await moveReview(database.db, c, "up")).toMatchObject({ ok: false, kind: "at-end" });
    expect(await moveReview(database.db, b, "down")).toMatchObject({ ok: false, kind: "at-end" });
    expect(await moveReview(database.db, "not-an-id", "up")).toEqual({
      ok: false,
      kind: "not-found",
    });
    // A new one goes last, after the moves.
    await add("D");
    expect(await names()).toEqual(["C", "A", "B", "D"]);
  });

  it("refuses bad input with a message per field, changing nothing", async () => {
    const id = await add("Ana P.");
    const before = await database.db.select().from(reviews);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ quote: "", name: "X" }, ["quote"]],
      [{ quote: "   ", name: "" }, ["quote", "name"]],
      [{ quote: "x".repeat(1001), name: "X" }, ["quote"]],
      [{ quote: "Fine.", name: "x".repeat(61) }, ["name"]],
      [{ quote: "Fine.", name: "X", city: "y".repeat(61) }, ["city"]],
      [{ quote: "Fine.", name: "Evil\u202Eeman" }, ["name"]],
      [{ quote: "Fine.", name: "X", city: "Oak\nPark" }, ["city"]],
      [{ quote: "Fine.", name: "X", language: "fr" }, ["language"]],
      [{ quote: "Fine.", name: "X", language: "" }, ["language"]],
      [{}, ["quote", "name"]],
    ];
    for (const [input, fields] of cases) {
      const added = await addReview(database.db, input);
      expect(added.ok, JSON.stringify(input)).toBe(false);
      if (!added.ok && added.kind === "invalid") {
        expect(Object.keys(added.fieldErrors).sort(), JSON.stringify(input)).toEqual(fields.sort());
      }
      const updated = await updateReview(database.db, id, input);
      expect(updated.ok, JSON.stringify(input)).toBe(false);
    }
    expect(await database.db.select().from(reviews)).toEqual(before);
  });
});

describe("page texts", () => {
  it("shows the first-start words until saved, then the saved ones; only changes are written", async () => {
    const seeded = await readPageTexts(database.db);
    expect(seeded.home.heading).toBe("Beautiful nails, unhurried care.");
    expect(seeded.welcome).toMatchObject({ show: true, heading: "Welcome to 2 x 10" });
    expect(seeded.about.map((section) => section.id)).toEqual([
      "nail-care",
      "self-care",
      "hygiene",
    ]);
    expect(await database.db.select().from(pageTexts)).toEqual([]);

    const values = await readPageTextValues(database.db);
    const saved = await savePageTexts(database.db, {
      ...values,
      homeHeading: "Nails done with care.",
      welcomeShow: undefined,
      about2Text: "First paragraph.\r\n\r\nSecond paragraph.",
    });
    // A first-start Spanish text stands only beside its first-start English: the form sent it
    // as it showed it, so it is now stored as written, beside the English that changed.
    expect(saved).toEqual({
      ok: true,
      changed: [
        "Home heading",
        "Show welcome card",
        "About section 2 text",
        "Home heading (Spanish)",
        "About section 2 text (Spanish)",
      ],
    });
    const texts = await readPageTexts(database.db);
    expect(texts.home.heading).toBe("Nails done with care.");
    expect(texts.welcome.show).toBe(false);
    expect(texts.about[1]?.text).toBe("First paragraph.\n\nSecond paragraph.");
    expect(texts.about[0]?.heading).toBe(seeded.about[0]?.heading);
    expect((await database.db.select().from(pageTexts)).map((row) => row.key).sort()).toEqual([
      "about.2.text",
      "home.heading",
      "welcome.show",
    ]);

    // The same form again changes nothing.
    const again = await savePageTexts(database.db, await readPageTextValues(database.db));
    expect(again).toEqual({ ok: true, changed: [] });
  });

  it("keeps both changes of two forms opened at once, each writing only its own", async () => {
    const opened = {
      ...(await readPageTextValues(database.db)),
      loaded: await readPageTextStamps(database.db),
    };
    const first = await savePageTexts(database.db, {
      ...opened,
      homeHeading: "From the first window",
    });
    expect(first).toEqual({ ok: true, changed: ["Home heading", "Home heading (Spanish)"] });
    // The second form still holds the old heading: it saves its own change and not that.
    const second = await savePageTexts(database.db, {
      ...opened,
      contactIntro: "Write to us any time.",
    });
    expect(second).toEqual({
      ok: true,
      changed: ["Contact introduction", "Contact introduction (Spanish)"],
    });
    const texts = await readPageTexts(database.db);
    expect(texts.home.heading).toBe("From the first window");
    expect(texts.contactIntro).toBe("Write to us any time.");
  });

  it("refuses a form with a wrong field, saving none of it", async () => {
    const values = await readPageTextValues(database.db);
    const result = await savePageTexts(database.db, {
      ...values,
      homeText: "A new text that would be fine.",
      homeHeading: "",
      welcomeHeading: "Two\nlines",
      about1Text: "x".repeat(5001),
      contactIntro: "Hi\u0007",
    });
    expect(result).toMatchObject({ ok: false, kind: "invalid" });
    if (!result.ok) {
      expect(Object.keys(result.fieldErrors).sort()).toEqual([
        "about1Text",
        "contactIntro",
        "homeHeading",
        "welcomeHeading",
      ]);
      expect(result.fieldErrors.homeHeading).toBe("Required");
    }
    expect(await database.db.select().from(pageTexts)).toEqual([]);
  });

  it("keeps a photo for the welcome card and an About section, replaced and removed, with its alt text", async () => {
    const values = await readPageTextValues(database.db);
    const refused = await savePageTexts(
      database.db,
      { ...values, homeHeading: "Not saved either" },
      await preparePageTextPhotos([
        { field: "about1Photo", bytes: Buffer.from("<html><body>not a photo</body></html>") },
      ]),
    );
    expect(refused).toMatchObject({ ok: false, kind: "invalid" });
    if (!refused.ok) expect(Object.keys(refused.fieldErrors).sort()).toEqual(["about1Photo"]);
    expect(await database.db.select().from(photos)).toEqual([]);
    expect(await database.db.select().from(pageTexts)).toEqual([]);

    // An About photo needs its alt text; the welcome card's is decorative.
    const first = await preparePageTextPhotos([
      { field: "welcomePhoto", bytes: await phoneJpeg() },
      { field: "about1Photo", bytes: await phoneJpeg({ colour: "#335577" }) },
    ]);
    expect(await savePageTexts(database.db, values, first)).toMatchObject({
      ok: false,
      fieldErrors: { about1PhotoAlt: "Say what the photo shows" },
    });
    expect(await database.db.select().from(photos)).toEqual([]);
    const saved = await savePageTexts(
      database.db,
      { ...values, about1PhotoAlt: "Our manicure table by the window" },
      first,
    );
    expect(saved).toEqual({
      ok: true,
      changed: ["About section 1 photo alt text", "Welcome card photo", "About section 1 photo"],
    });
    let texts = await readPageTexts(database.db);
    expect(texts.welcome.photo?.widths.avif.length).toBeGreaterThan(0);
    expect(texts.about[0]?.photo).toMatchObject({ alt: "Our manicure table by the window" });
    expect(texts.about[1]?.photo).toBeNull();
    const welcomePhoto = texts.welcome.photo?.id;

    // Replaced: the old photo goes, nothing names it any more.
    const form = await readPageTextValues(database.db);
    await savePageTexts(
      database.db,
      form,
      await preparePageTextPhotos([
        { field: "welcomePhoto", bytes: await phoneJpeg({ colour: "#aa8800" }) },
      ]),
    );
    texts = await readPageTexts(database.db);
    expect(texts.welcome.photo?.id).not.toBe(welcomePhoto);
    expect(await database.db.select({ id: photos.id }).from(photos)).toHaveLength(2);

    // Removed: the illustration again, the photo deleted.
    expect(
      await savePageTexts(database.db, {
        ...form,
        welcomePhotoRemove: "yes",
        about1PhotoRemove: "yes",
      }),
    ).toEqual({
      ok: true,
      changed: ["Remove welcome card photo", "Remove about section 1 photo"],
    });
    texts = await readPageTexts(database.db);
    expect(texts.welcome.photo).toBeNull();
    expect(texts.about[0]?.photo).toBeNull();
    expect(await readPageTextPhotos(database.db)).toEqual({
      homePhoto: null,
      welcomePhoto: null,
      about1Photo: null,
      about2Photo: null,
      about3Photo: null,
    });
    expect(await database.db.select({ id: photos.id }).from(photos)).toEqual([]);
  });
});
