import { formatWallMinutes } from "~/domain/booking/time-zone";
import type { PeriodFigures } from "~/domain/reports/report-data";
import { mixColour } from "~/domain/reports/scale";
import { HEAT_WEEKDAYS, heatHours, heatMinutes } from "~/domain/reports/team-tables";

const CELL_W = 50;
const CELL_H = 30;
const LEFT = 90;
const TOP = 26;
/** From the page's sand to its plum: the busiest hour is the darkest. */
const QUIET = "#f4ece4";
const BUSY = "#4a2c3a";

/** Booked minutes by weekday and hour as shades; the numbers are in the table beside it. */
export function HeatMap({ figures }: { figures: PeriodFigures }) {
  const hours = heatHours(figures);
  const max = Math.max(1, ...figures.heat.map((c) => c.minutes));
  const width = LEFT + hours.length * CELL_W;
  const height = TOP + HEAT_WEEKDAYS.length * CELL_H;
  return (
    <svg
      className="report-chart report-chart--heat"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      role="img"
      aria-label="Busiest times: heat map; the numbers are in the table"
    >
      {hours.map((hour, h) => (
        <text
          key={hour}
          x={LEFT + h * CELL_W + CELL_W / 2}
          y={TOP - 8}
          textAnchor="middle"
          className="report-chart__axis"
        >
          {formatWallMinutes(hour * 60).replace(":00", "")}
        </text>
      ))}
      {HEAT_WEEKDAYS.map((day, d) => (
        <g key={day}>
          <text
            x={0}
            y={TOP + d * CELL_H + CELL_H / 2}
            dominantBaseline="middle"
            className="report-chart__label"
          >
            {day.slice(0, 3)}
          </text>
          {hours.map((hour, h) => (
            <rect
              key={hour}
              x={LEFT + h * CELL_W + 1}
              y={TOP + d * CELL_H + 1}
              width={CELL_W - 2}
              height={CELL_H - 2}
              fill={mixColour(QUIET, BUSY, heatMinutes(figures, d + 1, hour) / max)}
            />
          ))}
        </g>
      ))}
    </svg>
  );
}
