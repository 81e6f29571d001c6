import type { WeeklyHours } from "../booking/technician-hours";
import { WEEKDAYS, type Weekday } from "../booking/time-zone";
import type { SalonDetails, SocialNetwork } from "./salon-details";

// The fields of the owner's 'Business Details' and 'Opening Hours' forms, shared by the pages
// and the server's checks (app/services/salon/details-form.server.ts).

/** The form's field names, in its order, with their labels (exactly as the page shows them). */
export const DETAILS_FIELDS = [
  ["name", "Business name"],
  ["shortName", "Short name (logo)"],
  ["tagline", "Tagline"],
  ["description", "Description"],
  // Their Spanish (issue 39): optional, the Spanish pages show the English without.
  ["taglineEs", "Tagline (Spanish)"],
  ["descriptionEs", "Description (Spanish)"],
  ["phone", "Phone"],
  ["email", "Email"],
  ["street", "Street address"],
  ["city", "City"],
  ["neighborhood", "Neighborhood"],
  ["state", "State"],
  ["zip", "ZIP code"],
  ["latitude", "Latitude"],
  ["longitude", "Longitude"],
  ["instagramUrl", "Instagram URL"],
  ["facebookUrl", "Facebook URL"],
  ["tiktokUrl", "TikTok URL"],
  ["pinterestUrl", "Pinterest URL"],
  ["arriveEarlyMinutes", "Arrive early (minutes)"],
] as const;

export type DetailsField = (typeof DETAILS_FIELDS)[number][0];

/** The details as the 'Business Details' form shows them (a social link not given: ""). */
export function detailsFormOf(details: SalonDetails): Record<DetailsField, string> {
  const social = (network: SocialNetwork) =>
    details.social.find((link) => link.network === network)?.url ?? "";
  return {
    name: details.name,
    shortName: details.shortName,
    tagline: details.tagline,
    description: details.description,
    taglineEs: details.taglineEs,
    descriptionEs: details.descriptionEs,
    phone: details.phone,
    email: details.email,
    street: details.address.street,
    city: details.address.city,
    neighborhood: details.address.neighborhood,
    state: details.address.region,
    zip: details.address.postalCode,
    latitude: String(details.geo.latitude),
    longitude: String(details.geo.longitude),
    instagramUrl: social("Instagram"),
    facebookUrl: social("Facebook"),
    tiktokUrl: social("TikTok"),
    pinterestUrl: social("Pinterest"),
    arriveEarlyMinutes: String(details.arriveEarlyMinutes),
  };
}

/** The Opening Hours form's fields for a weekday: "monday-closed", "monday-opens", ... */
export const HOURS_FORM_FIELDS = [
  "closed",
  "opens",
  "closes",
  "opensAgain",
  "closesAgain",
] as const;
export type HoursFormField = (typeof HOURS_FORM_FIELDS)[number];
export const hoursField = (day: Weekday, field: HoursFormField) => `${day.toLowerCase()}-${field}`;

/** The week as the form shows it (empty strings for no second range). */
export function hoursFormOf(hours: WeeklyHours): Record<string, string> {
  const values: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    const [first, second] = hours[day] ?? [];
    values[hoursField(day, "closed")] = first ? "" : "on";
    values[hoursField(day, "opens")] = first?.start ?? "";
    values[hoursField(day, "closes")] = first?.end ?? "";
    values[hoursField(day, "opensAgain")] = second?.start ?? "";
    values[hoursField(day, "closesAgain")] = second?.end ?? "";
  }
  return values;
}
