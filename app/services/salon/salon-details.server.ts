// The salon's details, weekly hours and special hours as the owner keeps them
// (docs/product.md#the-site), read by every page, email and the booking engine. Kept in memory per
// database under the site version (drizzle/0023: a trigger moves it with every change, in the
// change's transaction), so each read costs one one-row query and an edit in any process is
// seen by the next read everywhere. The first read of a database without details writes the
// first-start seed (app/content/business.ts).
import { asc, eq, gte } from "drizzle-orm";
import { business as seed } from "../../content/business";
import { weeklyHoursOf } from "../../domain/booking/opening-hours";
import { SALON_TIME_ZONE, salonDateOf } from "../../domain/booking/time-zone";
import { formatPhone } from "../../domain/phone";
import type { SalonDetails, SalonFacts, SpecialHoursEntry } from "../../domain/salon/salon-details";
import type { Database } from "../db/client.server";
import { siteDetails, siteVersion, specialHours } from "../db/schema.server";

/** The stamp of the latest change to what the owner says on her site (drizzle/0023). */
export async function readSiteVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: siteVersion.version })
    .from(siteVersion)
    .where(eq(siteVersion.id, 1));
  return row?.version ?? 0;
}

interface Kept {
  version: number;
  today: string;
  facts: SalonFacts;
}

const kept = new WeakMap<Database, Kept>();

/** The salon's facts now: its details and the special hours that end today or later. */
export async function readSalonFacts(db: Database, now = new Date()): Promise<SalonFacts> {
  const today = salonDateOf(now, SALON_TIME_ZONE);
  const version = await readSiteVersion(db);
  const known = kept.get(db);
  if (known && known.version === version && known.today === today) return known.facts;
  const [details, special] = await Promise.all([readDetails(db), readSpecialHours(db, today)]);
  const facts = { details, special };
  // Stored under the version read before the rows: a change in between is read again next time.
  kept.set(db, { version, today, facts });
  return facts;
}

type DetailsRow = typeof siteDetails.$inferSelect;

function detailsOf(row: DetailsRow): SalonDetails {
  return {
    name: row.name,
    shortName: row.shortName,
    tagline: row.tagline,
    description: row.description,
    taglineEs: row.taglineEs,
    descriptionEs: row.descriptionEs,
    phone: formatPhone(row.phone),
    phoneE164: row.phone,
    email: row.email,
    address: {
      street: row.street,
      city: row.city,
      neighborhood: row.neighborhood,
      region: row.state,
      postalCode: row.zip,
      country: "US",
    },
    geo: { latitude: row.latitude, longitude: row.longitude },
    social: [
      { network: "Instagram", url: row.instagramUrl },
      { network: "Facebook", url: row.facebookUrl },
      { network: "TikTok", url: row.tiktokUrl },
      { network: "Pinterest", url: row.pinterestUrl },
    ],
    arriveEarlyMinutes: row.arriveEarlyMinutes,
    hours: row.hours,
  };
}

/** The first-start details (app/content/business.ts), as a row. */
export function seedDetailsRow(): typeof siteDetails.$inferInsert {
  const url = (network: string) => seed.social.find((link) => link.network === network)?.url ?? "";
  return {
    id: 1,
    name: seed.name,
    shortName: seed.shortName,
    tagline: seed.tagline,
    description: seed.description,
    taglineEs: seed.taglineEs,
    descriptionEs: seed.descriptionEs,
    phone: seed.phoneE164,
    email: seed.email,
    street: seed.address.street,
    city: seed.address.city,
    neighborhood: seed.address.neighborhood,
    state: seed.address.region,
    zip: seed.address.postalCode,
    latitude: seed.geo.latitude,
    longitude: seed.geo.longitude,
    instagramUrl: url("Instagram"),
    facebookUrl: url("Facebook"),
    tiktokUrl: url("TikTok"),
    pinterestUrl: url("Pinterest"),
    arriveEarlyMinutes: seed.arriveEarlyMinutes,
    hours: weeklyHoursOf(seed.hours),
  };
}

async function readDetails(db: Database): Promise<SalonDetails> {
  const read = () => db.select().from(siteDetails).where(eq(siteDetails.id, 1));
  let [row] = await read();
  if (!row) {
    await db.insert(siteDetails).values(seedDetailsRow()).onConflictDoNothing();
    [row] = await read();
  }
  if (!row) throw new Error("The salon's details could not be read.");
  return detailsOf(row);
}

async function readSpecialHours(db: Database, today: string): Promise<SpecialHoursEntry[]> {
  const rows = await db
    .select()
    .from(specialHours)
    .where(gte(specialHours.toDate, today))
    .orderBy(asc(specialHours.fromDate), asc(specialHours.createdAt));
  return rows.map((row) => ({
    id: row.id,
    fromDate: row.fromDate,
    toDate: row.toDate,
    closed: row.closed,
    opens: row.opens,
    closes: row.closes,
    note: row.note,
    noteEs: row.noteEs,
  }));
}
