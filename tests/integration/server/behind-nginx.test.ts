// The deployment of docs/operations.md, with real parts: Debian's nginx running deploy/nginx.conf
// (TLS off, on loopback) in front of two app processes on one PostgreSQL. Needs the nginx and
// PostgreSQL 15 binaries (.ci/run installs both); without them it is skipped, saying so.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { appointments, appointmentTypes, emailOutbox } from "~/services/db/schema.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { listPageViews } from "~/services/site/page-views.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { NGINX_BINARY, type NginxSite, startNginxSite } from "../../../scripts/nginx-site";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { type FreeSlot, findDistinctFreeSlots } from "../../support/free-slots";
import { logIn } from "../../support/staff-accounts";

const NGINX = NGINX_BINARY;
const POSTGRES = fs.existsSync("/usr/lib/postgresql/15/bin/initdb");
// Without TEST_DATABASE_URL the test starts its own PostgreSQL (scripts/ci-postgres.sh), as root.
const canStartPostgres = POSTGRES && process.getuid?.() === 0;
const missing = [
  NGINX ? "" : "nginx",
  process.env.TEST_DATABASE_URL || canStartPostgres ? "" : "PostgreSQL 15 (or root to start it)",
].filter(Boolean);
if (missing.length > 0) {
  console.warn(
    `behind-nginx.test.ts skipped: ${missing.join(" and ")} not installed (apt-get install nginx postgresql).`,
  );
}
const STAFF = { email: "owner@example.com", password: "a long enough password" };

let ownPostgres: string | undefined;
let store: ServerStore;
let apps: AppServer[] = [];
let nginx: NginxSite | undefined;
let slots: FreeSlot[];
// Both processes write their daily backups here (docs/backups.md): one a day between them.
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-nginx-backups-"));
const REMINDED = "reminded@example.com";

const portOf = (app: AppServer) => Number(new URL(app.url).port);

/** A form POST through nginx from a given loopback address; resolves with the status. */
function postFrom(
  localAddress: string,
  pathname: string,
  body: URLSearchParams,
  headers: Record<string, string>,
): Promise<number> {
  const payload = Buffer.from(body.toString());
  return new Promise((resolve, reject) => {
    const request = http.request(`${nginx?.url}${pathname}`, {
      method: "POST",
      localAddress,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": payload.length,
        ...headers,
      },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.end(payload);
  });
}

describe.skipIf(missing.length > 0)("behind nginx, two processes on one PostgreSQL", () => {
  beforeAll(async () => {
    await ensureProductionBuild();
    if (!process.env.TEST_DATABASE_URL) {
      const out = execFileSync("scripts/ci-postgres.sh", ["start", "25440"], { encoding: "utf8" });
      const url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1];
      ownPostgres = /PGDIR=(\S+)/.exec(out)?.[1];
      process.env.TEST_DATABASE_URL = url?.replace(/^['"]|['"]$/g, "");
    }
    store = await createServerStore();
    slots = await withStoreDatabase(store, async (db) => {
      await seedCatalogueOnce(db);
      await createOrResetStaffUser(db, STAFF.email, STAFF.password);
      // Booked two days ago for six hours from now: its reminder is due as the processes start.
      const [type] = await db.select().from(appointmentTypes).limit(1);
      if (!type) throw new Error("No appointment type seeded.");
      const startsAt = new Date(Date.now() + 6 * 3_600_000);
      await db.insert(appointments).values({
        name: "Rita Reminded",
        email: REMINDED,
        typeId: type.id,
        typeName: type.type,
        category: type.category,
        technician: "Reminder check",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 45 * 60_000),
        priceCents: type.priceCents,
        priceFrom: type.priceFrom,
        channel: "staff" as const,
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      });
      return findDistinctFreeSlots(db, 4);
    });
    const env = { TRUST_PROXY: "true", BACKUP_DIR: backupDir };
    apps = await Promise.all([startAppServer(store, env), startAppServer(store, env)]);
    nginx = await startNginxSite(apps.map(portOf));
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(apps.map((app) => app.stop("SIGKILL")));
    await store?.remove();
    fs.rmSync(backupDir, { recursive: true, force: true });
    if (ownPostgres) {
      execFileSync("scripts/ci-postgres.sh", ["stop", ownPostgres]);
      delete process.env.TEST_DATABASE_URL;
    }
  }, 60_000);

  const through = (pathname: string, init: RequestInit = {}) =>
    fetch(`${nginx?.url}${pathname}`, { redirect: "manual", ...init });

  it("limits each client address on its own, across both processes; a forged X-Forwarded-For changes nothing", async () => {
    // Two clients, 127.0.0.2 and 127.0.0.3: nginx forwards the address it saw, and with
    // TRUST_PROXY=true (one hop) that is the key, whatever the client wrote itself.
    // Another account each time, so only the per-address limit (10 failures) is at play.
    let n = 0;
    const login = (from: string, forged?: string) =>
      postFrom(
        from,
        "/login",
        new URLSearchParams({ email: `nobody${n++}@example.com`, password: "wrong!" }),
        { "Sec-Fetch-Site": "same-origin", ...(forged ? { "X-Forwarded-For": forged } : {}) },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await login("127.0.0.2", `203.0.113.${i}`));
    expect(statuses).toEqual(Array(10).fill(401));
    expect(await login("127.0.0.2", "203.0.113.99")).toBe(429);
    expect(await login("127.0.0.3")).toBe(401);
  });

  it("keeps a staff session made through one process on the other", async () => {
    const cookie = await logIn(`${apps[0]?.url}`, STAFF);
    const other = await fetch(`${apps[1]?.url}/dashboard`, { headers: { Cookie: cookie } });
    expect(other.status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await through("/dashboard", { headers: { Cookie: cookie } })).status).toBe(200);
    }
  });

  it("shows the owner's change made through one process on the other's cached pages within 2 s", async () => {
    const cookie = await logIn(`${apps[0]?.url}`, STAFF);
    const contact = async () => (await fetch(`${apps[1]?.url}/contact`)).text();
    expect(await contact()).toContain("(312) 555-0142"); // kept by the other process's cache
    const details = {
      name: business.name,
      tagline: business.tagline,
      description: business.description,
      phone: "(312) 555-0177",
      email: business.email,
      street: business.address.street,
      city: business.address.city,
      state: business.address.region,
      zip: business.address.postalCode,
      latitude: String(business.geo.latitude),
      longitude: String(business.geo.longitude),
      arriveEarlyMinutes: String(business.arriveEarlyMinutes),
    };
    const saved = await fetch(`${apps[0]?.url}/site/details`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams(details),
    });
    expect(saved.status).toBe(200);
    const savedAt = Date.now();
    let shown = false;
    while (!shown && Date.now() - savedAt < 2_000)
      shown = (await contact()).includes("(312) 555-0177");
    expect(shown).toBe(true);
  });

  it("stores exactly one of 50 simultaneous confirms of one slot, spread over both", async () => {
    const slot = slots[0] as FreeSlot;
    // Fifty visitors, each from an address of their own (127.0.1.x), each their own customer.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postFrom(
          `127.0.1.${i + 1}`,
          "/schedule/book",
          new URLSearchParams({
            date: slot.dateIso,
            service: slot.typeId,
            technician: slot.technician,
            slot: slot.startsAt,
            name: `Racer ${i}`,
            email: `racer-${i}@example.com`,
          }),
          {},
        ),
      ),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(1);
    expect(answers.filter((status) => status === 409)).toHaveLength(49);
  });

  it("delivers a booking made on either process to an event stream open through nginx within 2 s", async () => {
    const controller = new AbortController();
    const stream = await through("/events", { signal: controller.signal });
    const reader = stream.body?.getReader();
    let received = "";
    const events = () => received.split("data: appointments").length - 1;
    void (async () => {
      for (;;) {
        const chunk = await reader?.read().catch(() => undefined);
        if (!chunk || chunk.done) return;
        received += new TextDecoder().decode(chunk.value);
      }
    })();
    // One booking on each process: whichever holds the stream, one of them is the other one.
    for (const [i, app] of apps.entries()) {
      const slot = slots[1 + i] as FreeSlot;
      const started = performance.now();
      // Straight to the process, as nginx would pass it on (with the client's address).
      const booked = await fetch(`${app.url}/schedule/book`, {
        method: "POST",
        headers: { "X-Forwarded-For": `192.0.2.${10 + i}` },
        body: new URLSearchParams({
          date: slot.dateIso,
          service: slot.typeId,
          technician: slot.technician,
          slot: slot.startsAt,
          name: "Stream Test",
          email: `stream-${i}@example.com`,
        }),
      });
      expect(booked.status).toBe(200);
      await expect.poll(events, { timeout: 2000, interval: 20 }).toBe(i + 1);
      console.log(
        `behind nginx: a booking on process ${i + 1} reached the stream in ${Math.round(performance.now() - started)} ms`,
      );
    }
    controller.abort();
  });

  it("shows /metrics to a scraper on the machine, not to anyone through nginx", async () => {
    expect((await through("/metrics")).status).toBe(404);
    const direct = await fetch(`${apps[1]?.url}/metrics`);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toMatch(/^salon_db_pool_connections\{state="total"\} \d+$/m);
  });

  it("adds up page views sent to both processes exactly", async () => {
    const before = await views();
    await Promise.all(
      Array.from({ length: 60 }, () =>
        through("/about", { headers: { "User-Agent": "Mozilla/5.0 Chrome/156.0" } }),
      ),
    );
    expect((await views()) - before).toBe(60);
  });

  it("loses no confirmed booking when one process is killed, and keeps serving from the other", async () => {
    const slot = slots[3] as FreeSlot;
    const booked = await postFrom(
      "127.0.2.1",
      "/schedule/book",
      new URLSearchParams({
        date: slot.dateIso,
        service: slot.typeId,
        technician: slot.technician,
        slot: slot.startsAt,
        name: "Kept Booking",
        email: "kept@example.com",
      }),
      {},
    );
    expect(booked).toBe(200);
    await apps[0]?.stop("SIGKILL");
    for (let i = 0; i < 10; i++) {
      expect((await through("/services")).status).toBe(200);
    }
    const kept = await withStoreDatabase(store, (db) =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(sql`${appointments.email} = 'kept@example.com'`),
    );
    expect(kept[0]?.n).toBe(1);
  });

  // Last: it stops the processes.
  it("sends a due reminder once and writes one backup a day between the two processes", async () => {
    const outputs = () => apps.map((app) => app.output()).join("\n");
    const deadline = Date.now() + 60_000;
    while (!outputs().includes("Backup written") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A process that stops first finishes the backup it began (server.ts): once every process
    // still running has stopped, each backup begun has been written and said so, had the other
    // process claimed the day too.
    await Promise.all(apps.map((app) => app.stop("SIGTERM")));
    expect(outputs().match(/Backup written/g)).toHaveLength(1);
    expect(fs.readdirSync(backupDir)).toEqual([expect.stringMatching(/^salon-[\d-]{10}\.sql$/)]);
    const reminders = await withStoreDatabase(store, (db) =>
      db
        .select({ subject: emailOutbox.subject })
        .from(emailOutbox)
        .where(sql`${emailOutbox.toAddress} = ${REMINDED}`),
    );
    expect(reminders).toHaveLength(1);
  });
});

async function views(): Promise<number> {
  const rows = await withStoreDatabase(store, (db) => listPageViews(db));
  return rows.find((row) => row.pageName === "About")?.views ?? 0;
}
