import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReportTable } from "~/domain/reports/report-tables";
import { PRINTED_TECHNICIANS, TECHNICIAN_ROWS } from "~/domain/reports/team-tables";
import { Technicians } from "./technicians";

// The Technicians section on paper (docs/product.md#reports): one sheet holds the first
// PRINTED_TECHNICIANS, and says so; the screen keeps every technician.

function team(count: number) {
  const names = Array.from({ length: count }, (_, i) => `Tech ${String(i).padStart(2, "0")}`);
  const table: ReportTable = {
    id: "technicians",
    title: "Technicians",
    header: ["Technician", "Period", "Utilisation"],
    rows: names.flatMap((name) =>
      ["This period", "Previous period", "Change"].map((period) => [name, period, "0.0%"]),
    ),
  };
  const bars = names.map((label) => ({ label, value: 0.5, text: "50.0%" }));
  const html = renderToString(<Technicians bars={bars} table={table} query="period=this-week" />);
  return html.replaceAll("<!-- -->", "");
}

const omitted = (html: string) => html.match(/class="report-print-omit"/g)?.length ?? 0;

describe("Technicians", () => {
  it("prints a small team whole, with one chart and no note", () => {
    const html = team(PRINTED_TECHNICIANS);
    expect(omitted(html)).toBe(0);
    expect(html.match(/<svg/g)).toHaveLength(1);
    expect(html).not.toContain("Printed: the first");
  });

  it("prints the first technicians of a large team and says that the screen and CSV have all", () => {
    const html = team(40);
    expect(omitted(html)).toBe((40 - PRINTED_TECHNICIANS) * TECHNICIAN_ROWS);
    expect(html).toContain(`Printed: the first ${PRINTED_TECHNICIANS} of 40 technicians, by name.`);
    // On screen every row and a bar for each; on paper a chart of the printed ones only.
    expect(html.match(/<tr/g)).toHaveLength(1 + 40 * TECHNICIAN_ROWS);
    const [screen = "", print = ""] = html.split('class="report-print-only"');
    expect(screen.match(/class="report-chart__bar"/g)).toHaveLength(40);
    expect(print.match(/class="report-chart__bar"/g)).toHaveLength(PRINTED_TECHNICIANS);
  });
});
