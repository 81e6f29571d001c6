import { groupWeeklyHours } from "~/domain/salon/salon-details";
import { useLocale } from "~/lib/i18n";
import { hoursGroupLabel, hoursRangesLabel } from "~/lib/opening-hours-text";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";

/**
 * The week as a salon writes it: "Mon-Fri  10:00 AM to 8:00 PM", "Sunday  Closed"; on a Spanish
 * page "Lun-Vie  10:00 a. m. a 8:00 p. m.", "Domingo  Cerrado".
 */
export function HoursList({ className = "hours" }: { className?: string }) {
  const locale = useLocale();
  return (
    <dl className={className}>
      {groupWeeklyHours(useSalon().hours).map((group) => (
        <div key={group.label}>
          <dt>{hoursGroupLabel(group, locale)}</dt>
          <dd>
            {group.ranges.length > 0
              ? hoursRangesLabel(group.ranges, locale)
              : m.hours_closed({}, { locale })}
          </dd>
        </div>
      ))}
    </dl>
  );
}
