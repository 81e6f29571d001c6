// The first start of a database fills the menu's categories and the appointment types from the
// salon's menu (app/content/service-menu.ts), once ever: afterwards staff own them (/scheduleadmin),
// and a type they remove must not come back at the next start. The pages read the database only
// (docs/product.md#one-menu).
import { type ServiceCategory, serviceCategories } from "../../content/service-menu";
import { categoriesEs, servicesEs } from "../../content/service-menu-es";
import { parsePrice } from "../../domain/money";
import type { Database } from "../db/client.server";
import {
  appointmentTypes,
  serviceCategories as categoriesTable,
  seedRuns,
  type WEEKDAYS,
} from "../db/schema.server";
import { ensureTechnicians } from "./team.server";

type Weekday = (typeof WEEKDAYS)[number];

const EVERY_DAY: Weekday[] = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
];

interface CategoryPlan {
  technicians: string[];
  days: Weekday[];
  startTime: string;
  endTime: string;
  /** Its services are add-ons, offered with a base service (docs/product.md#visits). */
  addOn?: boolean;
  /** Its services may be done side by side with another such one, by two technicians. */
  sideBySide?: boolean;
}

// Who does what, and when. The salon's own opening hours narrow these further per weekday.
const plans: Record<string, CategoryPlan> = {
  Manicure: {
    technicians: ["Mara", "Lena", "Sofia"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
    sideBySide: true,
  },
  Acrylic: { technicians: ["Lena", "Jade"], days: EVERY_DAY, startTime: "10:00", endTime: "20:00" },
  Pedicure: {
    technicians: ["Sofia", "Nina", "Mara"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
    sideBySide: true,
  },
  "Gel Extension": {
    technicians: ["Lena", "Jade"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
  },
  "Gel Polish": {
    technicians: ["Mara", "Lena", "Sofia"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
    sideBySide: true,
  },
  Dipping: {
    technicians: ["Mara", "Sofia", "Jade"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
  },
  "Kids Nails": {
    technicians: ["Sofia", "Mara"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "18:00",
  },
  Waxing: {
    technicians: ["Nina"],
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    startTime: "10:00",
    endTime: "18:00",
  },
  Massage: {
    technicians: ["Jade", "Nina"],
    days: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    startTime: "11:00",
    endTime: "19:00",
  },
  "Add-On Services": {
    technicians: ["Mara", "Lena", "Sofia", "Jade"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
    addOn: true,
  },
};

const fallbackPlan: CategoryPlan = {
  technicians: ["Mara", "Lena"],
  days: EVERY_DAY,
  startTime: "10:00",
  endTime: "20:00",
};

/** A price of the written menu as stored: its cents and 'from' flag (the menu is ours: readable). */
function menuPrice(text: string): { priceCents: number; priceFrom: boolean } {
  const price = parsePrice(text);
  if (!price) throw new Error(`The menu's price ${JSON.stringify(text)} is not a price.`);
  return { priceCents: price.cents, priceFrom: price.from };
}

/** The seed rows: every priced item of the menu, 'Reg Mani/Pedi' first. */
export function catalogueRows(categories: ServiceCategory[] = serviceCategories) {
  return categories.flatMap((category) => {
    const plan = plans[category.name] ?? fallbackPlan;
    const categoryEs = categoriesEs[category.id];
    return category.details.map((item) => ({
      type: item.name,
      category: category.name,
      daysOfWeek: plan.days.join(","),
      durationMin: item.durationMin,
      description: item.note ?? category.summary,
      // The Spanish beside it (issue 39): a service without its own falls back to the English.
      typeEs: servicesEs[item.name]?.name ?? "",
      descriptionEs: item.note ? (servicesEs[item.name]?.note ?? "") : (categoryEs?.summary ?? ""),
      startTime: plan.startTime,
      endTime: plan.endTime,
      technicians: plan.technicians,
      ...menuPrice(item.price),
      sortOrder: item.name === "Reg Mani/Pedi" ? 0 : 100,
      addOn: plan.addOn ?? false,
      sideBySide: plan.sideBySide ?? false,
    }));
  });
}

/** The home page's favourites when the menu is first seeded. */
const FEATURED = ["manicure", "pedicure", "gel-extension", "dipping"];

/** The category rows, in the menu's order. */
function categoryRows(categories: ServiceCategory[] = serviceCategories) {
  return categories.map((category, index) => ({
    slug: category.id,
    name: category.name,
    summary: category.summary,
    description: category.description,
    nameEs: categoriesEs[category.id]?.name ?? "",
    summaryEs: categoriesEs[category.id]?.summary ?? "",
    descriptionEs: categoriesEs[category.id]?.description ?? "",
    featured: FEATURED.includes(category.id),
    sortOrder: (index + 1) * 10,
  }));
}

/**
 * Seeds the catalogue if this database never had it; safe with several processes starting.
 * Resolves true when the appointment types were seeded now. The categories have their own run:
 * a database seeded before they existed gets them at its next start.
 */
export async function seedCatalogueOnce(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claim = async (name: string) =>
      (
        await tx
          .insert(seedRuns)
          .values({ name })
          .onConflictDoNothing()
          .returning({ name: seedRuns.name })
      ).length > 0;
    if (await claim("service-categories")) {
      await tx.insert(categoriesTable).values(categoryRows()).onConflictDoNothing();
    }
    if (!(await claim("appointment-types-catalogue"))) return false;
    const rows = catalogueRows();
    // Their technicians join the team, working whenever the salon is open until staff set hours.
    await ensureTechnicians(
      tx,
      rows.flatMap((row) => row.technicians),
    );
    await tx.insert(appointmentTypes).values(rows);
    return true;
  });
}
