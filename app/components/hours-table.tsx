import { business } from "~/content/business";
import { formatWallTime } from "~/lib/format";

export function HoursList({ className = "hours" }: { className?: string }) {
  return (
    <dl className={className}>
      {business.hours.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>
            {formatWallTime(row.opens)} to {formatWallTime(row.closes)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
