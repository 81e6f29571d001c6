// Run before the end-to-end server starts (playwright.config.ts): yesterday's visit of a regular,
// which no page can book (the past is not bookable), for the tests of marking a visit and finding
// a customer; a bridal party that books Nina for the whole of one day, so that day has no time
// for her services (the waitlist's test); a busy Saturday of 25 appointments (./busy-saturday.ts,
// the desk's layout test); and the staff sessions the staff specs start signed in
// with (tests/e2e/staff-session.ts). Written to the same embedded database the server then opens.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { addDaysIso, SALON_TIME_ZONE, zonedDateTime } from "../../app/domain/booking/time-zone";
import { SESSION_COOKIE } from "../../app/lib/staff-cookie.server";
import { hashManageToken } from "../../app/services/booking/manage-token.server";
import { openDatabase } from "../../app/services/db/client.server";
import { appointments, staffUsers } from "../../app/services/db/schema.server";
import { seedCatalogueOnce } from "../../app/services/salon/catalogue-seed.server";
import { createSession } from "../../app/services/staff/session.server";
import { seedBusySaturday } from "./busy-saturday";
import { baseSalonDate } from "./salon-date";

/** The regular whose visit yesterday the tests mark and look up. */
export const REGULAR = {
  name: "Olivia Regular",
  email: "olivia.regular@example.com",
  phone: "(312) 555-0166",
};

/**
 * The days Nina is booked from opening to closing: one whose booking the waitlist's test cancels
 * (with its manage link token), and one that stays full for the month calendar's test.
 */
export const FULL_DAY = {
  daysAhead: 38,
  token: "FullDayBridalPartyToken-0123456789abcdefghi",
  email: "bridal.party@example.com",
  staysFullDaysAhead: 41,
};

/**
 * The owner's sessions, made with the app's own session code as a sign-in makes them: `owner` is
 * shared by every test that keeps its session; a test that ends its session (signing out) has
 * one of its own, so no other test is signed out with it.
 */
const STAFF_SESSIONS = ["owner", "signs-out"] as const;
export type StaffSessionName = (typeof STAFF_SESSIONS)[number];

/** Where the seed writes the session ids and the cookie's name: beside the server's database. */
export const staffSessionsFile = (dataDir: string) => join(dataDir, "staff-sessions.json");

export interface StaffSessionsFile {
  cookie: string;
  sessions: Record<StaffSessionName, string>;
}

/** The salon date `days` ahead, or the next after it that is not a Sunday (no waxing then). */
export function salonWeekday(days: number): string {
  const today = baseSalonDate();
  for (let extra = 0; ; extra++) {
    const date = addDaysIso(today, days + extra);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) return date;
  }
}

if (process.argv[1]?.endsWith("seed-history.ts")) {
  const handle = await openDatabase({ dataDir: process.env.DATA_DIR });
  try {
    await seedCatalogueOnce(handle.db);
    const yesterday = addDaysIso(baseSalonDate(), -1);
    await handle.db.insert(appointments).values({
      ...REGULAR,
      typeName: "Classic Manicure",
      category: "Manicure",
      technician: "Mara",
      startsAt: zonedDateTime(yesterday, "14:00", SALON_TIME_ZONE),
      endsAt: zonedDateTime(yesterday, "14:30", SALON_TIME_ZONE),
      priceCents: 3500,
      channel: "staff" as const,
    });
    for (const [days, token] of [
      [FULL_DAY.daysAhead, FULL_DAY.token],
      [FULL_DAY.staysFullDaysAhead, null],
    ] as const) {
      const day = salonWeekday(days);
      await handle.db.insert(appointments).values({
        name: "Bridal Party",
        email: FULL_DAY.email,
        phone: null,
        typeName: "Eyebrow Wax",
        category: "Waxing",
        technician: "Nina",
        startsAt: zonedDateTime(day, "09:00", SALON_TIME_ZONE),
        endsAt: zonedDateTime(day, "21:00", SALON_TIME_ZONE),
        priceCents: 1800,
        channel: "staff" as const,
        manageTokenHash: token ? hashManageToken(token) : null,
      });
    }
    await seedBusySaturday(handle.db);
    // The account the CLI made just before (playwright.config.ts).
    const email = process.env.E2E_STAFF_EMAIL ?? "";
    const [owner] = await handle.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, email.toLowerCase()));
    if (!owner) throw new Error(`No staff account ${email} to make sessions for`);
    const sessions = {} as Record<StaffSessionName, string>;
    for (const name of STAFF_SESSIONS) sessions[name] = await createSession(handle.db, owner.id);
    const file: StaffSessionsFile = { cookie: SESSION_COOKIE, sessions };
    writeFileSync(staffSessionsFile(process.env.DATA_DIR ?? ""), JSON.stringify(file), {
      mode: 0o600,
    });
  } finally {
    await handle.close();
  }
}
