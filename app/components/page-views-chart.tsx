interface PageViewsChartProps {
  rows: { pageName: string; views: number }[];
}

const BAR_HEIGHT = 26;
const GAP = 10;
const LABEL_WIDTH = 130;
const WIDTH = 560;

/**
 * A horizontal bar chart of views per page, its numbers beside the bars. Screen readers read them
 * in the table the dashboard puts in the same figure, so the picture only names itself.
 */
export function PageViewsChart({ rows }: PageViewsChartProps) {
  if (rows.length === 0) return null;
  const max = Math.max(...rows.map((row) => row.views), 1);
  const height = rows.length * (BAR_HEIGHT + GAP);
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label="Page views per page: chart; the numbers are in the table"
    >
      {rows.map((row, index) => {
        const y = index * (BAR_HEIGHT + GAP);
        const barWidth = Math.max(2, ((WIDTH - LABEL_WIDTH - 60) * row.views) / max);
        return (
          <g key={row.pageName}>
            <text x={0} y={y + BAR_HEIGHT / 2} dominantBaseline="middle" className="chart__label">
              {row.pageName}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y}
              width={barWidth}
              height={BAR_HEIGHT}
              rx={6}
              className="chart__bar"
            />
            <text
              x={LABEL_WIDTH + barWidth + 8}
              y={y + BAR_HEIGHT / 2}
              dominantBaseline="middle"
              className="chart__value"
            >
              {row.views}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
