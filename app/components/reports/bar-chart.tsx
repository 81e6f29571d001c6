import { linearScale } from "~/domain/reports/scale";

export interface Bar {
  label: string;
  /** 0..1 (a rate) or any non-negative number; `text` is what is written beside it. */
  value: number;
  text: string;
}

interface BarChartProps {
  title: string;
  bars: Bar[];
  /** The value a full bar stands for (1 for rates). */
  max: number;
}

const ROW = 34;
const LABEL = 150;
const WIDTH = 560;
const VALUE_ROOM = 70;

/**
 * Horizontal bars drawn on the server. The numbers are in the table beside it, so the picture is
 * named once for screen readers and not read bar by bar.
 */
export function BarChart({ title, bars, max }: BarChartProps) {
  const scale = linearScale(max, WIDTH - LABEL - VALUE_ROOM);
  const height = Math.max(ROW, bars.length * ROW);
  return (
    <svg
      className="report-chart report-chart--bars"
      viewBox={`0 0 ${WIDTH} ${height}`}
      width={WIDTH}
      role="img"
      aria-label={`${title}: chart; the numbers are in the table`}
    >
      {bars.map((bar, i) => {
        const y = i * ROW;
        const width = Math.max(bar.value > 0 ? 2 : 0, scale(bar.value));
        return (
          <g key={bar.label}>
            <text x={0} y={y + ROW / 2} dominantBaseline="middle" className="report-chart__label">
              {bar.label}
            </text>
            <rect
              x={LABEL}
              y={y + 6}
              width={width}
              height={ROW - 12}
              className="report-chart__bar"
            />
            <text
              x={LABEL + width + 8}
              y={y + ROW / 2}
              dominantBaseline="middle"
              className="report-chart__value"
            >
              {bar.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
