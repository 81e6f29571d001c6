import { type Bar, BarChart } from "~/components/reports/bar-chart";
import { ReportTableView } from "~/components/reports/report-table";
import type { ReportTable } from "~/domain/reports/report-tables";
import { PRINTED_TECHNICIANS, TECHNICIAN_ROWS } from "~/domain/reports/team-tables";

/**
 * The chart and the table; printed, the first PRINTED_TECHNICIANS of them (one sheet), with a
 * note saying so. The screen and 'Download CSV' keep every technician.
 */
export function Technicians(props: { bars: Bar[]; table: ReportTable; query: string }) {
  const { bars, table, query } = props;
  const printed = Math.min(bars.length, PRINTED_TECHNICIANS);
  const cut = bars.length > printed;
  const title = "Utilisation per technician";
  return (
    <>
      <div className="report-split">
        <div className={cut ? "report-screen-only" : undefined}>
          <BarChart title={title} bars={bars} max={1} />
        </div>
        {cut && (
          <div className="report-print-only">
            <BarChart title={title} bars={bars.slice(0, printed)} max={1} />
          </div>
        )}
        <ReportTableView
          table={table}
          query={query}
          rowHeaders={2}
          printRows={printed * TECHNICIAN_ROWS}
        />
      </div>
      {cut && (
        <p className="report-print-only">
          Printed: the first {printed} of {bars.length} technicians, by name. The page on screen and
          'Download CSV' have every one.
        </p>
      )}
    </>
  );
}
