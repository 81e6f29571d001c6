import { formatCents } from "~/domain/money";
import { linearScale, niceMax } from "~/domain/reports/scale";

interface DayChartProps {
  /** One value (cents) per date of the period, in order. */
  days: { date: string; cents: number }[];
}

const WIDTH = 640;
const HEIGHT = 200;
const LEFT = 70;
const BOTTOM = 24;

/**
 * Revenue per day as columns, drawn on the server with a round top on its axis; the numbers are
 * in the table beside it, so the picture is named once for screen readers.
 */
export function DayChart({ days }: DayChartProps) {
  const top = niceMax(Math.max(0, ...days.map((d) => d.cents)));
  const plot = HEIGHT - BOTTOM;
  const scale = linearScale(top, plot - 8);
  const step = (WIDTH - LEFT) / Math.max(1, days.length);
  const first = days[0];
  const last = days.at(-1);
  return (
    <svg
      className="report-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      role="img"
      aria-label="Revenue per day: chart; the numbers are in the table"
    >
      <text x={LEFT - 8} y={12} textAnchor="end" className="report-chart__axis">
        {formatCents(top).replace(".00", "")}
      </text>
      <text x={LEFT - 8} y={plot} textAnchor="end" className="report-chart__axis">
        $0
      </text>
      <line x1={LEFT} x2={WIDTH} y1={plot} y2={plot} className="report-chart__rule" />
      {days.map((day, i) => {
        const height = scale(day.cents);
        return (
          <rect
            key={day.date}
            x={LEFT + i * step + step * 0.15}
            y={plot - height}
            width={Math.max(1, step * 0.7)}
            height={height}
            className="report-chart__bar"
          />
        );
      })}
      {first && last ? (
        <>
          <text x={LEFT} y={HEIGHT - 4} className="report-chart__axis">
            {first.date}
          </text>
          <text x={WIDTH} y={HEIGHT - 4} textAnchor="end" className="report-chart__axis">
            {last.date}
          </text>
        </>
      ) : null}
    </svg>
  );
}
