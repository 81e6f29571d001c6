// The reports as the production server sends them (docs/product.md#reports): the owner's page
// with its period form read without JavaScript, each table's CSV holding exactly the page's
// cells, and 403 for a Staff account on the page, its data request and every CSV.
import Papa from "papaparse";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TABLE_IDS } from "~/domain/reports/report-tables";
import { appointments, technicians } from "~/services/db/schema.server";
import { addAccount } from "~/services/staff/accounts.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";

const OWNER = { email: "owner@example.com", password: "a long enough password" };
const STAFF = { email: "nia@example.com", password: "another long password" };
let store: ServerStore;
let server: AppServer;

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  await withStoreDatabase(store, async (db) => {
    const owner = await createOrResetStaffUser(db, OWNER.email, OWNER.password);
    if (!owner.ok) throw new Error(owner.error);
    await addAccount(db, owner.user, { ...STAFF, role: "staff" });
    await db.insert(technicians).values([{ name: 'Mara, "the" artist' }, { name: "Lee" }]);
    const start = new Date("2026-03-03T16:00:00Z");
    await db.insert(appointments).values(
      [0, 1, 2].map((i) => ({
        name: "Customer",
        email: `c${i}@example.com`,
        typeName: i === 0 ? "Gel, Deluxe" : "Pedicure",
        category: "Nails",
        technician: i === 2 ? "Lee" : 'Mara, "the" artist',
        startsAt: new Date(+start + i * 7_200_000),
        endsAt: new Date(+start + i * 7_200_000 + 3_600_000),
        priceCents: 5000,
        chargedCents: 5500,
        tipCents: 1000,
        channel: "staff" as const,
        visitStatus: "completed" as const,
      })),
    );
  });
  server = await startAppServer(store);
}, 180_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

async function signIn(account: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${server.url}/login`, {
    method: "POST",
    body: new URLSearchParams(account),
    redirect: "manual",
  });
  return login.headers.get("Set-Cookie")?.split(";")[0] ?? "";
}

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

/** The cells of the table whose CSV link names `id`, as the page shows them. */
function tableCells(html: string, id: string): string[][] {
  const at = html.indexOf(`/reports/csv?table=${id}&amp;`);
  const start = html.lastIndexOf("<table", at);
  const table = html.slice(start, html.indexOf("</table>", start));
  const rows = [...table.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) =>
    [...(row[1] ?? "").matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((cell) =>
      decode(cell[1] ?? ""),
    ),
  );
  return rows;
}

/** A CSV as a spreadsheet reads it (RFC 4180, by Papa Parse), its rows of cells. */
function parseCsv(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** The figure a page cell shows ("+$1,165.00 (+10%)" is 1165, "2.5 h" 2.5, "n/a" none). */
function pageFigure(cell: string): number | null {
  if (cell === "n/a") return null;
  return Number(cell.split(" (")[0]?.replace(/[$,%]| h$| pts$/g, ""));
}

/**
 * A CSV as a spreadsheet reads it against the page's table: the same rows and names (a figure's
 * name with its unit after it), and in place of each figure the same number, bare (issue 38).
 */
function expectSameFigures(csv: string[][], page: string[][]) {
  expect(csv.map((row) => row.length)).toEqual(page.map((row) => row.length));
  for (const [r, row] of page.entries()) {
    for (const [c, shown] of row.entries()) {
      const cell = csv[r]?.[c] ?? "";
      const figure = pageFigure(shown);
      if (r > 0 && Number.isFinite(figure) && cell !== shown) {
        expect(Number(cell), `${cell} for ${shown}`).toBe(figure);
      } else if (figure === null) {
        expect(cell).toBe("");
      } else {
        expect(cell.startsWith(shown), `${cell} for ${shown}`).toBe(true);
      }
    }
  }
}

it("shows the owner a custom period from a plain GET, and each CSV holds its table's figures as numbers", async () => {
  const cookie = await signIn(OWNER);
  const query = "period=custom&from=2026-03-02&to=2026-03-08";
  const page = await fetch(`${server.url}/reports?${query}`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Custom: March 2, 2026 to March 8, 2026");
  for (const title of [
    "Appointments",
    "Clients",
    "Technicians",
    "Services",
    "Busiest times",
    "Website",
  ]) {
    expect(html).toMatch(new RegExp(`<h2[^>]*>${title}</h2>`));
  }
  for (const id of TABLE_IDS) {
    const csv = await fetch(`${server.url}/reports/csv?table=${id}&${query}`, {
      headers: { Cookie: cookie },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${id}-2026-03-02-to-2026-03-08.csv"`,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // UTF-8 with its byte-order mark, for Excel on Windows (issue 38).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes));
    expectSameFigures(rows, tableCells(html, id));
  }
  const csvOf = async (id: string) =>
    parseCsv(
      await (
        await fetch(`${server.url}/reports/csv?table=${id}&${query}`, {
          headers: { Cookie: cookie },
        })
      ).text(),
    );
  const technicianCsv = await csvOf("technicians");
  expect(technicianCsv[0]).toEqual([
    "Technician",
    "Period",
    "Utilisation (%)",
    "Booked hours (h)",
    "Working hours (h)",
    "Revenue (USD)",
    "Appointments",
    "No-shows",
    "Average ticket (USD)",
  ]);
  expect(technicianCsv).toContainEqual([
    'Mara, "the" artist',
    "This period",
    expect.any(String),
    "2.0",
    expect.any(String),
    "110.00",
    "2",
    "0",
    "55.00",
  ]);
  expect((await csvOf("revenue"))[1]).toEqual(["Charged (USD)", "165.00", "0.00", "165.00"]);
  const technicians = tableCells(html, "technicians");
  expect(technicians).toContainEqual([
    'Mara, "the" artist',
    "This period",
    expect.any(String),
    "2.0 h",
    expect.any(String),
    "$110.00",
    "2",
    "0",
    "$55.00",
  ]);
  expect(tableCells(html, "revenue")[1]).toEqual(["Charged", "$165.00", "$0.00", "+$165.00"]);
  expect(tableCells(html, "channels")[2]).toEqual(["Staff", "3", "0", "+3"]);
  const services = tableCells(html, "services-by-count");
  expect(services[1]).toEqual(["1", "Pedicure", "2", "0", "+2"]);
});

it("says what it cannot read of a custom period, and shows this week meanwhile", async () => {
  const cookie = await signIn(OWNER);
  const html = await (
    await fetch(`${server.url}/reports?period=custom&from=2026-03-09&to=2026-03-01`, {
      headers: { Cookie: cookie },
    })
  ).text();
  expect(html).toContain("Ends on or after the first day");
  expect(html).toContain("This week:");
});

it("answers 403 to a Staff account on the page, its data and every CSV", async () => {
  const cookie = await signIn(STAFF);
  for (const path of [
    "/reports",
    "/reports.data",
    ...TABLE_IDS.map((id) => `/reports/csv?table=${id}`),
  ]) {
    const answer = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
    expect(answer.status, path).toBe(403);
    expect(await answer.text(), path).not.toContain("Pedicure");
  }
  const anonymous = await fetch(`${server.url}/reports/csv?table=technicians`, {
    redirect: "manual",
  });
  expect([302, 401]).toContain(anonymous.status);
});
