// Bad input against the production server (issue 8, "Bad input"): at least 1,000 generated
// malformed requests to every form action, anonymously and, for the staff pages, signed in.
// Missing, oversized, wrong-typed, unicode, script and SQL-looking fields; wrong methods;
// malformed body encodings (tests/support/malformed-requests.ts). Expected: no 5xx, no dropped
// connection, no row stored or changed, and the server still serving afterwards.
// The server trusts X-Forwarded-For here (TRUST_PROXY=1) and every request comes from its own
// address, so the per-address rate limits do not stop the fuzz before validation.
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEDULE_ADMIN_INTENTS } from "~/components/schedule-admin/schedule-admin-types";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import type { Database } from "~/services/db/client.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession } from "~/services/staff/session.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
} from "../../support/app-server";
import { type FreeSlot, findDistinctFreeSlots } from "../../support/free-slots";
import {
  type Breaker,
  breakers,
  type FormShape,
  malformedRequest,
  noise,
  notAnEmail,
  notAnId,
  Random,
  SCRIPT,
  SQL,
  send,
  UNICODE,
} from "../../support/malformed-requests";

const REQUESTS_PER_TARGET = 1000;
const CONCURRENCY = 6;
const SEED = 20_261_122;
const STAFF_EMAIL = "fuzz-owner@example.com";
const STAFF_PASSWORD = `fuzz-${Math.random().toString(36).slice(2)}-never-guessed`;

/** Seeded before the server starts: real services and free times make the forms plausible. */
interface Fixture {
  slots: FreeSlot[];
  staffCookie: string;
}

const { missing, blank, oversized, file, nul, value } = breakers;

const INVALID_DATES = [
  "2026-02-30",
  "2026-13-01",
  "tomorrow",
  "20260101",
  "0000-00-00",
  "2026-1-1",
];
const INVALID_INSTANTS = ["10:00", "2026-05-02 15:00", "yesterday", "2026-05-02T25:00:00Z", "1e12"];
const INVALID_TIMES = ["25:00", "9am", "09:60", "-01:00", "noon"];

function bookingFields(fixture: Fixture, random: Random) {
  const slot = random.pick(fixture.slots);
  return {
    date: slot.dateIso,
    service: slot.typeId,
    technician: random.pick(["any", slot.technician]),
    slot: slot.startsAt,
    name: random.pick(["Maya Lopez", ...UNICODE, ...SCRIPT, ...SQL]),
    email: "maya@example.com",
    phone: random.pick(["(312) 555-0199", ""]),
  };
}

const bookingBreakers: Breaker[] = [
  ...["date", "service", "slot", "name", "email"].flatMap((name) => [missing(name), file(name)]),
  ...["date", "slot", "name", "email"].map((name) => blank(name)),
  oversized("name", 100),
  oversized("email", 254),
  oversized("phone", 30),
  nul("name"),
  oversized("service", 64),
  value("email", notAnEmail),
  value("date", (random) => random.pick(INVALID_DATES)),
  value("slot", (random) => random.pick(INVALID_INSTANTS)),
  value("slot", () => "2020-01-01T15:00:00.000Z"), // long past
  value("service", notAnId),
  value("technician", (random) => random.pick(["Nobody", ...SCRIPT, ...SQL])),
  value("phone", (random) => random.pick(["call me maybe", ...SCRIPT, ...SQL])),
];

// The staff's closed dates and days off ("close-day"; "open-day" takes an id, never a real one).
const closedDayBreakers: Breaker[] = [
  value("date", (random) => random.pick([...INVALID_DATES, "2020-01-01"])),
  value("technician", (random) => random.pick(["Nobody", "any", ...SCRIPT, ...SQL])),
  oversized("technician", 40),
  oversized("note", 200),
  nul("note"),
];

/** The team's technician form: its name refused (the booking's breakers may leave it whole). */
const technicianBreakers: Breaker[] = [missing("name"), blank("name"), nul("name")];

const TYPE_FIELDS = ["type", "category", "startTime", "endTime", "durationMin", "price"];
const typeBreakers: Breaker[] = [
  ...[...TYPE_FIELDS, "description", "daysOfWeek", "technicians"].map((name) => missing(name)),
  ...["type", "category", "price", "description"].map((name) => blank(name)),
  oversized("type", 80),
  oversized("category", 60),
  oversized("description", 1000),
  oversized("price", 12),
  nul("description"),
  value("durationMin", (random) => random.pick(["ten", "-5", "7", "0", "481", "1e3", "45.5"])),
  value("price", (random) =>
    random.pick(["$", "$1234567", "$100,000", "free", "$5.555", "-$5", "$1,20", ...SQL]),
  ),
  value("daysOfWeek", (random) => random.pick(["Funday", "Mon", "", "Monday;Tuesday", ...SCRIPT])),
  value("startTime", (random) => random.pick(INVALID_TIMES)),
  value("endTime", () => "00:00"), // before the start
];

/**
 * Every form action of the site. To cover a new one, add an entry: its path, whether it is
 * posted signed in as staff, and a FormShape whose breakers make every form invalid.
 */
const TARGETS: Array<{
  name: string;
  path: string;
  /** Where the page's JavaScript posts, when not its .data URL: an island's JSON endpoint. */
  scriptPath?: string;
  staff?: boolean;
  shape(fixture: Fixture): FormShape;
}> = [
  {
    name: "contact",
    path: "/contact",
    scriptPath: "/contact/send",
    shape: () => ({
      plausible: (random) => ({
        name: "Ana Ruiz",
        email: "ana@example.com",
        reason: random.pick(["Question", "Comment", "Concern"]),
        message: random.pick(["Do you do gel removal?", ...UNICODE, ...SCRIPT, ...SQL]),
        website: "",
      }),
      breakers: [
        ...["name", "email", "reason", "message"].flatMap((name) => [missing(name), file(name)]),
        ...["name", "email", "message"].map((name) => blank(name)),
        oversized("name", 100),
        oversized("email", 254),
        oversized("message", 2000),
        nul("name"),
        nul("message"),
        value("email", notAnEmail),
        value("reason", (random) => random.pick(["question", "Spam", "", ...SQL, ...SCRIPT])),
        // The honeypot: a bot's answer is thanked and dropped.
        value("website", (random) => `http://spam.example/${noise(random)}`),
      ],
    }),
  },
  {
    name: "schedule (booking)",
    path: "/schedule",
    scriptPath: "/schedule/book",
    shape: (fixture) => ({
      plausible: (random) => bookingFields(fixture, random),
      breakers: bookingBreakers,
    }),
  },
  {
    name: "login",
    path: "/login",
    shape: () => ({
      plausible: (random) => ({
        email: random.chance(0.05) ? STAFF_EMAIL : `someone${random.int(0, 1e6)}@example.com`,
        password: "a wrong password",
      }),
      breakers: [
        missing("email"),
        missing("password"),
        file("password"),
        blank("password"),
        oversized("email", 254),
        oversized("password", 1000),
        nul("email"),
        value("email", notAnEmail),
        value("password", noise),
        value("intent", (random) => random.pick(["SIGNOUT", "signin", ...SQL])),
      ],
    }),
  },
  {
    name: "dashboard (anonymous)",
    path: "/dashboard",
    shape: () => ({ plausible: () => ({ intent: "refresh" }), breakers: [value("intent", noise)] }),
  },
  {
    name: "dashboard (staff)",
    path: "/dashboard",
    staff: true,
    shape: () => ({ plausible: () => ({ intent: "refresh" }), breakers: [value("intent", noise)] }),
  },
  {
    // The customer's link from the confirmation email; no token here is a real one.
    name: "manage (customer's booking link)",
    path: "/manage",
    shape: (fixture) => ({
      plausible: (random) => {
        const { date, technician, slot } = bookingFields(fixture, random);
        const token = Array.from({ length: 43 }, () => random.pick([..."abcXYZ019-_"])).join("");
        return { intent: random.pick(["cancel", "move"]), token, date, technician, slot };
      },
      breakers: [
        missing("token"),
        blank("token"),
        oversized("token", 100),
        nul("token"),
        file("token"),
        value("token", notAnId),
        value("intent", (random) => random.pick(["Cancel", "delete", "", ...SQL, ...SCRIPT])),
        value("date", (random) => random.pick(INVALID_DATES)),
        value("slot", (random) => random.pick(INVALID_INSTANTS)),
      ],
    }),
  },
  // The schedule and its Team page (team and days off): each refuses the other's intents too.
  ...["/scheduleadmin", "/scheduleadmin/team"].flatMap((path) =>
    [false, true].map((staff) => ({
      name: `${path.slice(1)} (${staff ? "staff" : "anonymous"})`,
      path,
      staff,
      shape: (fixture: Fixture): FormShape => ({
        plausible: (random) => ({
          intent: random.pick(SCHEDULE_ADMIN_INTENTS),
          // Never a real id: remove, duplicate, update and cancel must find nothing.
          id: notAnId(random),
          type: "Gel Polish Change",
          category: "Manicure",
          startTime: "10:00",
          endTime: "18:00",
          durationMin: "30",
          price: "$35",
          description: random.pick(["Polish change", ...UNICODE, ...SCRIPT, ...SQL]),
          daysOfWeek: "Monday",
          technicians: "Mara",
          note: random.pick(["Holiday", ...UNICODE]),
          ...bookingFields(fixture, random),
        }),
        // Every form of the page broken at once, whatever the intent; or an intent that is not
        // one. A new intent needs its breakers here.
        breakers: [
          (fields, random) => {
            random.pick(typeBreakers)(fields, random);
            random.pick(bookingBreakers)(fields, random);
            random.pick(closedDayBreakers)(fields, random);
            // The team's technician form reads 'name' too: a booking breaker that leaves the name
            // whole left it a real technician to add (seen once the intents grew, issue 38).
            random.pick(technicianBreakers)(fields, random);
          },
          value("intent", (random) => random.pick(["Create", "book ", "delete", "", ...SQL])),
          missing("intent"),
        ],
      }),
    })),
  ),
];

let store: ServerStore;
let server: AppServer;
let fixture: Fixture;
let before: Map<string, string>;
const reports: string[] = [];

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  // A first start seeds the site's content (reviews, posts, the gallery, the details): done
  // before the snapshot, so that only what the fuzz did would show.
  await (await startAppServer(store, { TRUST_PROXY: "1" })).stop();
  const database = await store.open();
  try {
    await seedCatalogueOnce(database.db);
    const staff = await createOrResetStaffUser(database.db, STAFF_EMAIL, STAFF_PASSWORD);
    if (!staff.ok) throw new Error(staff.error);
    const session = await createSession(database.db, staff.user.id);
    fixture = {
      slots: await findDistinctFreeSlots(database.db, 40),
      staffCookie: `${SESSION_COOKIE}=${session}`,
    };
    before = await snapshot(database.db);
  } finally {
    await database.close();
  }
  server = await startAppServer(store, { TRUST_PROXY: "1" });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
  if (reports.length > 0) console.log(reports.join("\n"));
});

/**
 * Every table an action could write, as a digest of its rows. Left out: the counters that every
 * request may move (rate_limits, page_views and its days, page_view_days); of staff sessions only the ids, since each use
 * slides the expiry forward.
 */
async function snapshot(db: Database): Promise<Map<string, string>> {
  const tables = await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('rate_limits', 'page_views', 'page_view_days') order by 1`,
  );
  const digests = new Map<string, string>();
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    const column = name === "staff_sessions" ? "t.id_hash::text" : "t::text";
    const result = await db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(${column}, ',' order by ${column}), '')) as digest from "${name}" t`,
      ),
    );
    const [row] = rowsOf<{ n: number; digest: string }>(result);
    digests.set(name, `${row?.n} rows, ${row?.digest}`);
  }
  return digests;
}

/** PGlite and node-postgres both return { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

let addressCounter = 0;
/** A new client address per request; now and then a malformed header. */
function forwardedFor(random: Random): string {
  if (random.chance(0.03)) {
    return random.pick([
      "not-an-ip",
      "::ffff:999.1.1.1",
      "1.2.3.4, <script>",
      ", ,",
      "'; --",
      "9".repeat(300),
    ]);
  }
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

describe("bad input to every form action", () => {
  it.each(TARGETS.map((target, index) => [target.name, target, index] as const))(
    "%s: 1,000 malformed requests, no 5xx, the server still serving",
    async (_name, target, index) => {
      const shape = target.shape(fixture);
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      const started = performance.now();
      let next = 0;
      const technician = async () => {
        while (next < REQUESTS_PER_TARGET) {
          // Each request has its own seed: the same request whatever the interleaving.
          const random = new Random(SEED + index * 1_000_003 + next++ * 7919);
          const request = await malformedRequest(target.path, shape, random, target.scriptPath);
          const headers: Record<string, string> = { "X-Forwarded-For": forwardedFor(random) };
          if (target.staff) headers.Cookie = fixture.staffCookie;
          let status = 0;
          try {
            status = await send(server.url, request, headers);
          } catch (error) {
            failures.push(`${request.label} ${request.path.slice(0, 80)}: ${String(error)}`);
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500)
            failures.push(`${status} for ${request.label} ${request.path.slice(0, 80)}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, technician));
      const seconds = (performance.now() - started) / 1000;
      const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
      const report = `${target.name}: ${REQUESTS_PER_TARGET} requests in ${seconds.toFixed(1)} s (${summary.join(", ")})`;
      reports.push(report);
      console.log(report);

      if (failures.length > 0) console.error(server.output().slice(-5000));
      expect(failures.slice(0, 20)).toEqual([]);
      // The per-address limits did not hide the validation: few requests were turned away.
      expect(statuses.get(429) ?? 0).toBeLessThan(REQUESTS_PER_TARGET * 0.15);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    },
    120_000,
  );

  it("stored and changed nothing, and stops cleanly", async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(await server.stop("SIGTERM")).toBe(0);
    const database = await store.open();
    try {
      expect(await snapshot(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 60_000);
});
