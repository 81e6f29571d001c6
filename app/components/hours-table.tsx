import { groupWeeklyHours, rangesLabel } from "~/domain/salon/salon-details";
import { useLocale } from "~/lib/i18n";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";

/** The week as a salon writes it: "Mon-Fri  10:00 AM to 8:00 PM", "Sunday  Closed". */
export function HoursList({ className = "hours" }: { className?: string }) {
  const locale = useLocale();
  return (
    <dl className={className}>
      {groupWeeklyHours(useSalon().hours).map((group) => (
        <div key={group.label}>
          <dt>{group.label}</dt>
          <dd>
            {group.ranges.length > 0 ? rangesLabel(group.ranges) : m.hours_closed({}, { locale })}
          </dd>
        </div>
      ))}
    </dl>
  );
}
