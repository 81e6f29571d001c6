import { data, isRouteErrorResponse } from "react-router";
import { DayChart } from "~/components/reports/day-chart";
import { HeatMap } from "~/components/reports/heat-map";
import { PeriodForm } from "~/components/reports/period-form";
import { ReportTableView } from "~/components/reports/report-table";
import { Technicians } from "~/components/reports/technicians";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { formatRate } from "~/domain/reports/figures";
import { datesOf, PERIOD_LABELS, periodQuery, readPeriod } from "~/domain/reports/period";
import { type ReportTable, reportTables } from "~/domain/reports/report-tables";
import { LONG_PERIOD_DAYS } from "~/domain/reports/revenue-tables";
import { utilisation } from "~/domain/reports/team-tables";
import { z } from "~/domain/zod";
import { formatIsoDate } from "~/lib/format";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { readsQuery } from "~/services/platform/query.server";
import { readReport } from "~/services/reports/report.server";
import type { Route } from "./+types/reports";

// The owner's reports (docs/product.md#reports). Staff only through its layout, owners only by
// its handle's `access` (app/lib/route-access.server.ts; the CSVs say it too). Plain HTML: the period is a GET form.
export const handle = {
  access: "owner",
  title: "Reports",
  styles: ["forms", "staff", "reports"],
} satisfies RouteHandle;

/** What it reads of its address (docs/security.md#queries); readPeriod checks the dates. */
const PeriodQuery = z.object({
  period: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});

export const loader = readsQuery(PeriodQuery, async ({ context }: Route.LoaderArgs, query) => {
  if (!query.ok) throw data("This address could not be read.", { status: 400 });
  const asked = query.data;
  const read = readPeriod(asked, salonDateOf(new Date(), SALON_TIME_ZONE));
  const { period } = read;
  const report = await readReport(context.db, period);
  const tables = reportTables(report);
  const custom = asked.period === "custom";
  return {
    title: `${PERIOD_LABELS[period.kind]}: ${formatIsoDate(period.from)} to ${formatIsoDate(period.to)}`,
    previous: `${formatIsoDate(period.previous.from)} to ${formatIsoDate(period.previous.to)}`,
    query: periodQuery(period),
    form: {
      kind: custom ? ("custom" as const) : period.kind,
      from: custom ? (asked.from ?? "") : period.from,
      to: custom ? (asked.to ?? "") : period.to,
      fieldErrors: read.ok ? {} : read.fieldErrors,
    },
    tables,
    long: period.days > LONG_PERIOD_DAYS,
    bars: report.current.technicians.map((t) => ({
      label: t.name,
      value: utilisation(t) ?? 0,
      text: formatRate(utilisation(t)),
    })),
    heat: report.current,
    days: datesOf(period).map((date) => ({
      date,
      cents: report.current.revenue.perDay.find((d) => d.date === date)?.cents ?? 0,
    })),
  };
});

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Reports");

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { tables, query } = loaderData;
  const section = (id: string, title: string) => ({ id: `report-${id}`, title });
  return (
    <div className="page staff-page reports">
      <header className="page-header">
        <p className="eyebrow">Owner</p>
        <h1>Reports</h1>
        <p className="lead">
          {loaderData.title}. Compared with {loaderData.previous}.
        </p>
      </header>
      <PeriodForm {...loaderData.form} />

      <ReportSection {...section("revenue", "Revenue")}>
        <ReportTableView table={tables.revenue} query={query} />
        <div className="report-split">
          <DayChart days={loaderData.days} />
          {/* A long period prints its revenue by week or month, below, instead (one sheet). */}
          <div className={loaderData.long ? "report-screen-only" : undefined}>
            <ReportTableView table={tables["revenue-per-day"]} query={query} />
          </div>
        </div>
        {/* A short period prints its days alone: its weeks say the same in fewer rows. */}
        <div className={loaderData.long ? undefined : "report-screen-only"}>
          <TitledTable table={tables["revenue-by-stretch"]} query={query} />
        </div>
      </ReportSection>
      <ReportSection {...section("appointments", "Appointments")}>
        <ReportTableView table={tables.appointments} query={query} />
      </ReportSection>
      <ReportSection {...section("clients", "Clients")}>
        <ReportTableView table={tables.clients} query={query} />
      </ReportSection>
      <ReportSection {...section("technicians", "Technicians")}>
        <Technicians bars={loaderData.bars} table={tables.technicians} query={query} />
      </ReportSection>
      <ReportSection {...section("services", "Services")}>
        <div className="report-pair">
          <TitledTable table={tables["services-by-revenue"]} query={query} />
          <TitledTable table={tables["services-by-count"]} query={query} />
        </div>
      </ReportSection>
      <ReportSection {...section("channels", "Channels")}>
        <ReportTableView table={tables.channels} query={query} />
      </ReportSection>
      <ReportSection {...section("busiest-times", "Busiest times")}>
        <div className="report-split">
          <HeatMap figures={loaderData.heat} />
          <ReportTableView table={tables["busiest-times"]} query={query} />
        </div>
      </ReportSection>
      <ReportSection {...section("website", "Website")}>
        <ReportTableView table={tables.website} query={query} />
      </ReportSection>
    </div>
  );
}

/** A table with its own heading (a section holding two). */
function TitledTable({ table, query }: { table: ReportTable; query: string }) {
  return (
    <div>
      <h3>{table.title}</h3>
      <ReportTableView table={table} query={query} rowHeaders={0} />
    </div>
  );
}

function ReportSection(props: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${props.id}-title`} className="staff-section report-section">
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.children}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="page staff-page">
      <header className="page-header">
        <p className="eyebrow">Owner</p>
        <h1>Reports</h1>
        <p className="lead">
          {forbidden ? "Only the owner can open Reports." : "Something went wrong on our side."}
        </p>
      </header>
    </div>
  );
}
