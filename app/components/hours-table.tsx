import { groupWeeklyHours, rangesLabel } from "~/domain/salon/salon-details";
import { useSalon } from "~/lib/salon";

/** The week as a salon writes it: "Mon-Fri  10:00 AM to 8:00 PM", "Sunday  Closed". */
export function HoursList({ className = "hours" }: { className?: string }) {
  return (
    <dl className={className}>
      {groupWeeklyHours(useSalon().hours).map((group) => (
        <div key={group.label}>
          <dt>{group.label}</dt>
          <dd>{group.ranges.length > 0 ? rangesLabel(group.ranges) : "Closed"}</dd>
        </div>
      ))}
    </dl>
  );
}
