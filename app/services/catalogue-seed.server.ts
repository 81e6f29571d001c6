// The first start of a database fills the appointment types from the salon's menu
// (app/content/services.ts), once ever: afterwards staff own the list (/scheduleadmin), and a
// type they remove must not come back at the next start.
import { type ServiceCategory, serviceCategories } from "../content/services";
import type { Database } from "./db/client.server";
import { appointmentTypes, seedRuns, type WEEKDAYS } from "./db/schema.server";

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
  workers: string[];
  days: Weekday[];
  startTime: string;
  endTime: string;
}

// Who does what, and when. The salon's own opening hours narrow these further per weekday.
const plans: Record<string, CategoryPlan> = {
  Manicure: {
    workers: ["Mara", "Lena", "Sofia"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
  },
  Acrylic: { workers: ["Lena", "Jade"], days: EVERY_DAY, startTime: "10:00", endTime: "20:00" },
  Pedicure: {
    workers: ["Sofia", "Nina", "Mara"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
  },
  "Gel Extension": {
    workers: ["Lena", "Jade"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
  },
  "Gel Polish": {
    workers: ["Mara", "Lena", "Sofia"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
  },
  Dipping: {
    workers: ["Mara", "Sofia", "Jade"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
  },
  "Kids Nails": {
    workers: ["Sofia", "Mara"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "18:00",
  },
  Waxing: {
    workers: ["Nina"],
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    startTime: "10:00",
    endTime: "18:00",
  },
  Massage: {
    workers: ["Jade", "Nina"],
    days: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    startTime: "11:00",
    endTime: "19:00",
  },
  "Add-On Services": {
    workers: ["Mara", "Lena", "Sofia", "Jade"],
    days: EVERY_DAY,
    startTime: "10:00",
    endTime: "20:00",
  },
};

const fallbackPlan: CategoryPlan = {
  workers: ["Mara", "Lena"],
  days: EVERY_DAY,
  startTime: "10:00",
  endTime: "20:00",
};

/** The seed rows: every priced item of the menu, 'Reg Mani/Pedi' first. */
export function catalogueRows(categories: ServiceCategory[] = serviceCategories) {
  return categories.flatMap((category) => {
    const plan = plans[category.name] ?? fallbackPlan;
    return category.details.map((item) => ({
      type: item.name,
      category: category.name,
      daysOfWeek: plan.days.join(","),
      durationMin: item.durationMin,
      description: item.note ?? category.summary,
      startTime: plan.startTime,
      endTime: plan.endTime,
      workers: plan.workers,
      price: item.price,
      sortOrder: item.name === "Reg Mani/Pedi" ? 0 : 100,
    }));
  });
}

/** Seeds the catalogue if this database never had it; safe with several processes starting. */
export async function seedCatalogueOnce(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: "appointment-types-catalogue" })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return false;
    await tx.insert(appointmentTypes).values(catalogueRows());
    return true;
  });
}
