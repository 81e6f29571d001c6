import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { CSV_CELLS } from "~/domain/reports/cell-writer";
import { csvFile } from "~/domain/reports/csv";
import { readPeriod } from "~/domain/reports/period";
import { reportTables, TABLE_IDS } from "~/domain/reports/report-tables";
import { z } from "~/domain/zod";
import type { RouteHandle } from "~/lib/route-handle";
import { readsQuery } from "~/services/platform/query.server";
import { readReport } from "~/services/reports/report.server";
import type { Route } from "./+types/reports-csv";

// One table of the reports as CSV (docs/product.md#reports): `?table=` and the page's period.
// The same rows as the page's table, its figures as plain numbers (CSV_CELLS); owners only, like the page (its handle's `access`,
// app/lib/route-access.server.ts).
export const handle = { access: "owner", title: "Reports" } satisfies RouteHandle;

/** What it reads of its address (docs/security.md#queries). */
const CsvQuery = z.object({
  table: z.string().optional(),
  period: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});

export const loader = readsQuery(CsvQuery, async ({ context }: Route.LoaderArgs, query) => {
  const id = TABLE_IDS.find((t) => query.ok && t === query.data.table);
  const read = query.ok ? readPeriod(query.data, salonDateOf(new Date(), SALON_TIME_ZONE)) : null;
  if (!id || !read?.ok) {
    return new Response("No such table or period.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { period } = read;
  const table = reportTables(await readReport(context.db, period), CSV_CELLS)[id];
  return new Response(csvFile(table.header, table.rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${id}-${period.from}-to-${period.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
