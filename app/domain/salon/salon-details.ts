import { formatWallTime } from "../../lib/format";
import type { SpecialHoursLike } from "../booking/opening-hours";
import type { HoursRange, WeeklyHours } from "../booking/technician-hours";
import { WEEKDAYS, type Weekday } from "../booking/time-zone";

// The salon's facts as the owner keeps them in 'Business Details', 'Opening Hours' and 'Special
// Hours' (docs/product.md#the-site), and how pages write them. Pure: the server reads them from
// the database (app/services/salon/salon-details.server.ts), pages from the root loader.

const SOCIAL_NETWORKS = ["Instagram", "Facebook", "TikTok", "Pinterest"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface SocialLink {
  network: SocialNetwork;
  /** The salon's page; empty: no icon is shown. */
  url: string;
}

export interface SalonDetails {
  name: string;
  /** The logo's mark, and the name when said briefly ("2 x 10"); "" when there is none. */
  shortName: string;
  tagline: string;
  description: string;
  /** The tagline and description in Spanish (issue 39): "" until written (pickText shows the English). */
  taglineEs: string;
  descriptionEs: string;
  /** As people write it: "(312) 555-0142". */
  phone: string;
  /** For tel: links and structured data: "+13125550142". */
  phoneE164: string;
  email: string;
  address: {
    street: string;
    city: string;
    /** "Wicker Park"; "" when the owner gives none. */
    neighborhood: string;
    region: string;
    postalCode: string;
    country: "US";
  };
  geo: { latitude: number; longitude: number };
  social: SocialLink[];
  arriveEarlyMinutes: number;
  /** The weekly opening hours: per weekday one range, or two around a midday break. */
  hours: WeeklyHours;
}

export interface SpecialHoursEntry extends SpecialHoursLike {
  id: string;
  opens: string | null;
  closes: string | null;
  /** Shown to visitors: "Christmas Eve". */
  note: string;
  /** The note in Spanish (issue 39): "" until written. */
  noteEs: string;
}

/** What every page knows of the salon: its details and the special hours from today on. */
export interface SalonFacts {
  details: SalonDetails;
  special: SpecialHoursEntry[];
}

export function formatAddressLine(details: SalonDetails): string {
  const a = details.address;
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
}

/** Where the salon is, as its pages say it: "Wicker Park, Chicago", or the city alone. */
export function placeOf(details: SalonDetails): string {
  const { neighborhood, city } = details.address;
  return neighborhood ? `${neighborhood}, ${city}` : city;
}

/** The part of town as prose says it: the neighbourhood, or the city when none is given. */
export function areaOf(details: SalonDetails): string {
  return details.address.neighborhood || details.address.city;
}

/**
 * The logo's two parts: the mark ("2 x 10") and the rest of the name ("Nails & Spa"). With no
 * short name, or one the name does not start with, the mark is the short name or the whole name.
 */
export function logoPartsOf(details: Pick<SalonDetails, "name" | "shortName">): {
  mark: string;
  text: string;
} {
  const { name, shortName } = details;
  if (!shortName) return { mark: name, text: "" };
  if (name.startsWith(shortName))
    return { mark: shortName, text: name.slice(shortName.length).trim() };
  return { mark: shortName, text: name };
}

export function mapsUrl(details: SalonDetails): string {
  const query = encodeURIComponent(`${details.name}, ${formatAddressLine(details)}`);
  return `https://www.openstreetmap.org/search?query=${query}`;
}

/** "10:00 AM to 8:00 PM", or "10:00 AM to 1:00 PM, 2:00 PM to 8:00 PM" around a break. */
export function rangesLabel(ranges: readonly HoursRange[]): string {
  return ranges.map((r) => `${formatWallTime(r.start)} to ${formatWallTime(r.end)}`).join(", ");
}

export interface HoursGroup {
  /** As a salon writes it: "Mon-Fri", "Saturday", "Sun, Tue". */
  label: string;
  days: Weekday[];
  /** Empty: closed. */
  ranges: HoursRange[];
}

const SHORT: Record<Weekday, string> = {
  Monday: "Mon",
  Tuesday: "Tue",
  Wednesday: "Wed",
  Thursday: "Thu",
  Friday: "Fri",
  Saturday: "Sat",
  Sunday: "Sun",
};

/**
 * The week grouped as a salon writes it: consecutive days with the same hours in one line
 * ("Mon-Fri 10:00 AM to 8:00 PM"), a lone day by its full name, closed days too ("Sunday:
 * closed").
 */
export function groupWeeklyHours(hours: WeeklyHours): HoursGroup[] {
  const groups: HoursGroup[] = [];
  const key = (day: Weekday) => JSON.stringify(hours[day] ?? []);
  for (const day of WEEKDAYS) {
    const last = groups.at(-1);
    const lastDay = last?.days.at(-1);
    if (last && lastDay && key(lastDay) === key(day)) last.days.push(day);
    else groups.push({ label: "", days: [day], ranges: [...(hours[day] ?? [])] });
  }
  for (const group of groups) {
    const first = group.days[0] as Weekday;
    const final = group.days.at(-1) as Weekday;
    group.label =
      group.days.length === 1
        ? first
        : group.days.length === 2
          ? `${SHORT[first]}, ${SHORT[final]}`
          : `${SHORT[first]}-${SHORT[final]}`;
  }
  return groups;
}
