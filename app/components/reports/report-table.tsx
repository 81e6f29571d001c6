import { ScrollingTable } from "~/components/scrolling-table";
import type { ReportTable } from "~/domain/reports/report-tables";

interface ReportTableViewProps {
  table: ReportTable;
  /** The period's query string (app/domain/reports/period.ts periodQuery). */
  query: string;
  /** Leading cells of each row that name it (row headers). */
  rowHeaders?: number;
  caption?: string;
  /** Rows printed (docs/product.md#reports: one sheet per section); the screen shows every row. */
  printRows?: number;
}

/** A report table, with its 'Download CSV' link (docs/product.md#reports). */
export function ReportTableView(props: ReportTableViewProps) {
  const { table, query, rowHeaders = 1, caption, printRows = table.rows.length } = props;
  return (
    <div className="report-table">
      <ScrollingTable caption={caption ?? table.title}>
        <thead>
          <tr>
            {table.header.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed per render.
            <tr key={r} className={r < printRows ? undefined : "report-print-omit"}>
              {row.map((cell, c) =>
                c < rowHeaders ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                  <th key={c} scope="row">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                  <td key={c}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
      <p className="report-table__csv">
        {/* Eleven links say 'Download CSV': each names its table to a screen reader, after the
            visible words (WCAG 2.5.3: the name holds what is seen; issue 38). A label, since a
            hidden span's text is read with a space before the colon. */}
        <a
          href={`/reports/csv?table=${table.id}&${query}`}
          download
          aria-label={`Download CSV: ${caption ?? table.title}`}
        >
          Download CSV
        </a>
      </p>
    </div>
  );
}
