// One menu (docs/product.md#one-menu): /services and the home page read the categories and the
// appointment types from the database, the same rows /schedule books.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serviceCategories as menuContent } from "~/content/service-menu";
import { appointmentTypes, seedRuns, serviceCategories } from "~/services/db/schema.server";
import {
  createAppointmentType,
  updateAppointmentType,
} from "~/services/salon/appointment-type-admin.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  listServiceCategories,
  readMenu,
  updateServiceCategory,
} from "~/services/salon/menu.server";
import { typeNamed } from "../../support/seeded-catalogue";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

/** The type's form as staff send it, with `changes`. */
function formOf(type: Awaited<ReturnType<typeof typeNamed>>, changes: Record<string, string>) {
  return {
    type: type.type,
    category: type.category,
    daysOfWeek: type.daysOfWeek,
    durationMin: String(type.durationMin),
    description: type.description,
    startTime: type.startTime,
    endTime: type.endTime,
    technicians: type.technicians,
    price: type.price,
    ...changes,
  };
}

describe("the menu", () => {
  it("is seeded once from the salon's menu: ten categories, each with its priced services", async () => {
    await seedCatalogueOnce(database.db);
    const menu = await readMenu(database.db);
    expect(menu.map((category) => category.name)).toEqual(menuContent.map((c) => c.name));
    for (const [index, category] of menu.entries()) {
      const content = menuContent[index];
      expect(category).toMatchObject({
        slug: content?.id,
        summary: content?.summary,
        description: content?.description,
      });
      // The same services and prices, in the booking list's order (sort order, then name).
      expect(category.items.map((item) => [item.name, item.price]).sort()).toEqual(
        content?.details.map((item) => [item.name, item.price]).sort(),
      );
    }
    expect(menu.filter((category) => category.featured).map((c) => c.slug)).toEqual([
      "manicure",
      "pedicure",
      "gel-extension",
      "dipping",
    ]);
  });

  it("shows a service as staff edit it: price, name and a new category", async () => {
    await seedCatalogueOnce(database.db);
    const classic = await typeNamed(database.db, "Classic Manicure");
    const saved = await updateAppointmentType(
      database.db,
      classic.id,
      formOf(classic, { type: "Classic Manicure Deluxe", price: "$39" }),
    );
    expect(saved.ok).toBe(true);
    const created = await createAppointmentType(
      database.db,
      formOf(classic, { type: "Paraffin Dip", category: "Hand Rituals", price: "$25" }),
    );
    expect(created.ok).toBe(true);

    const menu = await readMenu(database.db);
    const manicure = menu.find((category) => category.name === "Manicure");
    expect(manicure?.items).toContainEqual(
      expect.objectContaining({ name: "Classic Manicure Deluxe", price: "$39" }),
    );
    expect(manicure?.items.map((item) => item.name)).not.toContain("Classic Manicure");
    // A new category is listed after the others, with its services, by name until staff
    // describe it in 'Categories', where it now is.
    expect(menu.at(-1)).toMatchObject({
      name: "Hand Rituals",
      slug: "hand-rituals",
      summary: "",
      items: [expect.objectContaining({ name: "Paraffin Dip", price: "$25" })],
    });
    const categories = await listServiceCategories(database.db);
    expect(categories.map((category) => category.name)).toContain("Hand Rituals");
  });

  it("saves a category's summary, description and home-page flag; refuses an empty one, changing nothing", async () => {
    await seedCatalogueOnce(database.db);
    const [manicure] = await listServiceCategories(database.db);
    if (!manicure) throw new Error("no category");
    expect(
      await updateServiceCategory(database.db, manicure.id, {
        summary: "Hands, unhurried.",
        description: "Shaping, cuticle care and polish.",
      }),
    ).toEqual({ ok: true, name: manicure.name });
    expect((await readMenu(database.db))[0]).toMatchObject({
      summary: "Hands, unhurried.",
      description: "Shaping, cuticle care and polish.",
      featured: false,
    });
    const refused = await updateServiceCategory(database.db, manicure.id, {
      summary: " ",
      description: "x".repeat(1001),
      featured: "on",
    });
    expect(refused).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: { summary: "Required", description: "At most 1000 characters" },
    });
    expect((await readMenu(database.db))[0]).toMatchObject({ summary: "Hands, unhurried." });
    expect(
      await updateServiceCategory(database.db, "not-an-id", { summary: "a", description: "b" }),
    ).toEqual({
      ok: false,
      kind: "not-found",
    });
  });

  it("gives a database seeded before the categories existed its categories, once", async () => {
    await seedCatalogueOnce(database.db);
    await database.db.delete(serviceCategories);
    await database.db.delete(seedRuns).where(eq(seedRuns.name, "service-categories"));
    const types = await database.db.select().from(appointmentTypes);
    expect(await seedCatalogueOnce(database.db)).toBe(false);
    expect(await listServiceCategories(database.db)).toHaveLength(10);
    expect(await database.db.select().from(appointmentTypes)).toEqual(types);
    await database.db.delete(serviceCategories);
    await seedCatalogueOnce(database.db);
    expect(await listServiceCategories(database.db)).toHaveLength(0);
  });
});
