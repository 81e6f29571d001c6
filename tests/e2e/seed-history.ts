// Run before the end-to-end server starts (playwright.config.ts): yesterday's visit of a regular,
// which no page can book (the past is not bookable), for the tests of marking a visit and finding
// a customer. Written to the same embedded database the server then opens.
import { business } from "../../app/content/business";
import { addDaysIso, salonDateOf, zonedDateTime } from "../../app/domain/booking/time-zone";
import { seedCatalogueOnce } from "../../app/services/catalogue-seed.server";
import { openDatabase } from "../../app/services/db/client.server";
import { appointments } from "../../app/services/db/schema.server";

/** The regular whose visit yesterday the tests mark and look up. */
export const REGULAR = {
  name: "Olivia Regular",
  email: "olivia.regular@example.com",
  phone: "(312) 555-0166",
};

if (process.argv[1]?.endsWith("seed-history.ts")) {
  const handle = await openDatabase({ dataDir: process.env.DATA_DIR });
  try {
    await seedCatalogueOnce(handle.db);
    const yesterday = addDaysIso(salonDateOf(new Date(), business.timeZone), -1);
    await handle.db.insert(appointments).values({
      ...REGULAR,
      typeName: "Classic Manicure",
      category: "Manicure",
      worker: "Mara",
      startsAt: zonedDateTime(yesterday, "14:00", business.timeZone),
      endsAt: zonedDateTime(yesterday, "14:30", business.timeZone),
      price: "$35",
    });
  } finally {
    await handle.close();
  }
}
