import { useEffect, useState } from "react";
import { SALON_TIME_ZONE } from "~/domain/booking/time-zone";

// docs/product.md#salon-time: the admin clock shows the salon's own time (America/Chicago), whatever the
// staff member's computer says; the old site added a hard-coded two hours.
const clockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SALON_TIME_ZONE,
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
});

/**
 * "2:05:09 PM" and "Tuesday, May 5, 2026" on the salon's clock. Built from parts with plain
 * spaces, so the server's and the browser's ICU (which differ in the space before AM/PM) render
 * the same text and hydration matches.
 */
function formatSalonClock(instant: number): { time: string; date: string } {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of clockFormat.formatToParts(instant)) part[type] = value;
  return {
    time: `${part.hour}:${part.minute}:${part.second} ${part.dayPeriod}`,
    date: `${part.weekday}, ${part.month} ${part.day}, ${part.year}`,
  };
}

/** The current instant, starting from `initial` (the server's) and moving every `everyMs`. */
export function useTicker(initial: string, everyMs: number): number {
  const [now, setNow] = useState(() => Date.parse(initial));
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A live clock of the salon's time, ticking every second (spec "Schedule admin"). */
export function LiveClock({ initial }: { initial: string }) {
  const now = useTicker(initial, 1000);
  const { time, date } = formatSalonClock(now);
  return (
    <div className="salon-clock">
      <p className="salon-clock__label" id="salon-clock-label">
        Salon time, Chicago
      </p>
      {/* A timer that is not announced every second (aria-live off): read when visited. */}
      <time
        className="salon-clock__time"
        role="timer"
        aria-live="off"
        aria-labelledby="salon-clock-label"
        dateTime={new Date(now).toISOString()}
      >
        {time}
      </time>
      <p className="salon-clock__date">{date}</p>
    </div>
  );
}
