// The owner's texts in Spanish (issue 39, docs/product.md#languages) on a real database: the
// public reads in Spanish give the Spanish where written and the English, marked English, where
// not; English reads are as before; each editor saves its '(Spanish)' fields and refuses a bad one
// without changing anything; the Site page lists what is still missing in Spanish.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { detailsFormOf } from "~/domain/salon/site-forms";
import { appointmentTypes, pageTexts, serviceCategories } from "~/services/db/schema.server";
import {
  createAppointmentType,
  updateAppointmentType,
} from "~/services/salon/appointment-type-admin.server";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { saveDetails } from "~/services/salon/details-form.server";
import { readMenu, updateServiceCategory } from "~/services/salon/menu.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { saveSpecialHours } from "~/services/salon/special-hours.server";
import { ensureTechnicians } from "~/services/salon/team.server";
import { listMissingSpanish } from "~/services/site/missing-spanish.server";
import { readPageTexts, readPageTextValues } from "~/services/site/page-texts.server";
import { savePageTexts } from "~/services/site/page-texts-save.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

/** A service as the type form posts it, by a technician of the team. */
const typeForm = {
  type: "Sunset Ombre Set",
  category: "Test Services",
  startTime: "10:00",
  endTime: "18:00",
  durationMin: "60",
  price: "$70",
  description: "Two colours blended by hand.",
  daysOfWeek: ["Monday", "Tuesday"],
  technicians: "Wren",
};

async function createType(overrides: Record<string, unknown> = {}) {
  await ensureTechnicians(database.db, ["Wren"]);
  const created = await createAppointmentType(database.db, { ...typeForm, ...overrides });
  if (!created.ok) throw new Error(JSON.stringify(created));
  return created.type;
}

const storedType = async (id: string) =>
  (await database.db.select().from(appointmentTypes).where(eq(appointmentTypes.id, id)))[0];

describe("reading the menu for a Spanish page", () => {
  it("gives the first-start menu's Spanish, and English pages the English as before", async () => {
    await seedCatalogueOnce(database.db);
    const [manicure] = await readMenu(database.db, "es");
    expect(manicure).toMatchObject({
      slug: "manicure",
      name: "Manicura",
      localized: { name: "es", summary: "es", description: "es" },
    });
    expect(manicure?.items.find((item) => item.name === "Manicura clásica")).toMatchObject({
      price: "$35",
      localized: { name: "es" },
    });
    const [english] = await readMenu(database.db);
    expect(english?.name).toBe("Manicure");
    expect(english).not.toHaveProperty("localized");
    expect(english?.items.map((item) => item.name)).toContain("Classic Manicure");
  });

  it("falls back to the English, marked English, where no Spanish is written", async () => {
    const type = await createType({ typeEs: "Degradado atardecer" });
    const [spanish] = await listAppointmentTypes(database.db, "es");
    expect(spanish).toMatchObject({
      id: type.id,
      type: "Degradado atardecer",
      description: "Two colours blended by hand.",
      category: "Test Services",
      localized: {
        type: "es",
        description: "en",
        categoryName: { text: "Test Services", lang: "en" },
      },
    });
    const [menuCategory] = await readMenu(database.db, "es");
    expect(menuCategory).toMatchObject({
      name: "Test Services",
      localized: { name: "en" },
      items: [{ name: "Degradado atardecer", localized: { name: "es" } }],
    });
    // The English page is unchanged by the Spanish.
    expect((await listAppointmentTypes(database.db))[0]).toMatchObject({
      type: "Sunset Ombre Set",
    });
  });
});

describe("the editors' Spanish fields", () => {
  it("save a service's 'Type (Spanish)' and 'Description (Spanish)', and refuse a bad one", async () => {
    const type = await createType();
    const saved = await updateAppointmentType(database.db, type.id, {
      ...typeForm,
      typeEs: "  Degradado atardecer ",
      descriptionEs: "Dos colores fundidos a mano.",
    });
    expect(saved.ok).toBe(true);
    expect(await storedType(type.id)).toMatchObject({
      typeEs: "Degradado atardecer",
      descriptionEs: "Dos colores fundidos a mano.",
    });
    const refused = await updateAppointmentType(database.db, type.id, {
      ...typeForm,
      price: "$90",
      typeEs: "Dos\nlíneas",
      descriptionEs: "x".repeat(1001),
    });
    expect(refused).toEqual({
      ok: false,
      kind: "invalid",
      fieldErrors: {
        typeEs: "Write it on one line, without line breaks or special characters",
        descriptionEs: "At most 1000 characters",
      },
    });
    expect(await storedType(type.id)).toMatchObject({
      price: "$70",
      typeEs: "Degradado atardecer",
    });
  });

  it("save a category's Spanish, and refuse one too long without changing anything", async () => {
    await seedCatalogueOnce(database.db);
    const [manicure] = await database.db
      .select()
      .from(serviceCategories)
      .orderBy(asc(serviceCategories.sortOrder));
    if (!manicure) throw new Error("no category");
    const fields = { summary: manicure.summary, description: manicure.description };
    expect(
      await updateServiceCategory(database.db, manicure.id, {
        ...fields,
        nameEs: "Manicuras",
        summaryEs: "Manos cuidadas.",
        descriptionEs: "",
      }),
    ).toEqual({ ok: true, name: "Manicure" });
    const refused = await updateServiceCategory(database.db, manicure.id, {
      ...fields,
      nameEs: "x".repeat(61),
      summaryEs: "Otra cosa",
    });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { nameEs: "At most 60 characters" } });
    const [menu] = await readMenu(database.db, "es");
    expect(menu).toMatchObject({
      name: "Manicuras",
      summary: "Manos cuidadas.",
      // Emptied: the English shows, marked English.
      description: manicure.description,
      localized: { name: "es", summary: "es", description: "en" },
    });
  });

  it("save Business Details' and a special day's Spanish, and refuse a bad one", async () => {
    const form = detailsFormOf((await readSalonFacts(database.db)).details);
    expect(form.taglineEs).toBe("Salón de uñas y spa de alta gama en Chicago");
    expect(await saveDetails(database.db, { ...form, taglineEs: "Uñas en Wicker Park" })).toEqual({
      ok: true,
      did: "Changed the business details",
    });
    expect((await readSalonFacts(database.db)).details.taglineEs).toBe("Uñas en Wicker Park");
    const refused = await saveDetails(database.db, {
      ...form,
      name: "Another Name",
      taglineEs: "x".repeat(161),
    });
    expect(refused).toEqual({ ok: false, fieldErrors: { taglineEs: "At most 160 characters" } });
    expect((await readSalonFacts(database.db)).details).toMatchObject({
      name: form.name,
      taglineEs: "Uñas en Wicker Park",
    });

    const day = { from: "2099-12-24", closed: "on", note: "Christmas Eve" };
    expect(
      await saveSpecialHours(database.db, undefined, { ...day, noteEs: "Nochebuena\n" }),
    ).toMatchObject({ ok: true });
    expect(
      await saveSpecialHours(database.db, undefined, { ...day, noteEs: "x".repeat(101) }),
    ).toMatchObject({ ok: false, fieldErrors: { noteEs: "At most 100 characters" } });
    const special = (await readSalonFacts(database.db)).special;
    expect(special.map((entry) => [entry.note, entry.noteEs])).toEqual([
      ["Christmas Eve", "Nochebuena"],
    ]);
  });
});

describe("Page Texts in Spanish", () => {
  it("show the first-start Spanish, then the owner's, and the English once she rewrites it", async () => {
    const first = await readPageTexts(database.db, "es");
    expect(first.home.heading).toBe("Uñas hermosas, atención sin prisas.");
    expect(first.lang?.["home.heading"]).toBe("es");
    expect((await readPageTexts(database.db)).home.heading).toBe(
      "Beautiful nails, unhurried care.",
    );

    const saved = await savePageTexts(database.db, {
      ...(await formValues()),
      contactIntroEs: "Escríbanos cuando guste.",
      homeHeading: "Nails, done properly.",
    });
    expect(saved).toMatchObject({ ok: true });
    const after = await readPageTexts(database.db, "es");
    expect(after.contactIntro).toBe("Escríbanos cuando guste.");
    // Its English rewritten and its Spanish sent as the form showed it: hers now, kept.
    expect(after.home.heading).toBe("Uñas hermosas, atención sin prisas.");

    const refused = await savePageTexts(database.db, {
      ...(await formValues()),
      homeHeadingEs: "x".repeat(121),
      contactIntroEs: "Otra cosa",
    });
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { homeHeadingEs: "At most 120 characters" },
    });
    expect((await readPageTexts(database.db, "es")).contactIntro).toBe("Escríbanos cuando guste.");
  });

  it("show the English, marked English, for a rewritten text whose Spanish is not written", async () => {
    await database.db.insert(pageTexts).values({ key: "services.intro", value: "Our menu." });
    const texts = await readPageTexts(database.db, "es");
    expect(texts.servicesIntro).toBe("Our menu.");
    expect(texts.lang?.["services.intro"]).toBe("en");
  });
});

/** The Page Texts form as it opens. */
const formValues = () => readPageTextValues(database.db);

describe("'Missing in Spanish'", () => {
  it("lists each English text without its Spanish, with a link to its editor, by who may open it", async () => {
    const type = await createType();
    await saveSpecialHours(database.db, undefined, {
      from: "2099-12-31",
      closed: "on",
      note: "New Year's Eve",
    });
    await database.db.insert(pageTexts).values({ key: "services.intro", value: "Our menu." });
    const groups = await listMissingSpanish(database.db, () => true);
    expect(groups.map((group) => group.editor)).toEqual([
      "Appointment Types",
      "Categories",
      "Special Hours",
      "Page Texts",
    ]);
    expect(groups[0]?.items).toEqual([
      {
        label: "Test Services - Sunset Ombre Set",
        fields: ["Type (Spanish)", "Description (Spanish)"],
        href: `/scheduleadmin?type=${type.id}#appointment-types`,
      },
    ]);
    expect(groups[2]?.items.map((item) => item.label)).toEqual(["2099-12-31: New Year's Eve"]);
    expect(groups[3]?.items.map((item) => item.fields)).toEqual([
      ["Services introduction (Spanish)"],
    ]);

    // Written, it is gone from the list; a staff member sees only the editors she may open.
    await updateAppointmentType(database.db, type.id, {
      ...typeForm,
      typeEs: "Degradado atardecer",
      descriptionEs: "Dos colores fundidos a mano.",
    });
    const staffOnly = await listMissingSpanish(database.db, (path) => !path.startsWith("/site/"));
    expect(staffOnly.map((group) => group.editor)).toEqual(["Categories"]);
  });
});
