// 'Business Details' and 'Opening Hours' (docs/product.md#the-site): the owner's forms, checked
// field by field; a form with any wrong value changes nothing. Each save runs with its activity
// record in one transaction; the site version trigger (drizzle/0023) makes every page and process
// show it at the next request, and the availability trigger makes the booking engine use it.
import { eq } from "drizzle-orm";
import type { WeeklyHours } from "../../domain/booking/technician-hours";
import { isWallTime, parseWallTime, WEEKDAYS, type Weekday } from "../../domain/booking/time-zone";
import { usPhoneE164 } from "../../domain/phone";
import { type HoursFormField, hoursField } from "../../domain/salon/site-forms";
import {
  fieldErrorsOf,
  isOneLine,
  lineField,
  ONE_LINE_MESSAGE,
  optionalText,
  z,
} from "../../domain/zod";
import type { Database } from "../db/client.server";
import { siteDetails } from "../db/schema.server";
import type { FormFields } from "../platform/form.server";

/** A social page: empty, or an https address on that network's own host. */
function socialUrl(network: string, hosts: readonly string[]) {
  const message = `Enter the address of your ${network} page, starting https://${hosts[0]}/`;
  // Absent (a form without it) is empty: no page on that network.
  return z
    .string()
    .default("")
    .transform((value) => value.trim())
    .pipe(z.string().max(300, "At most 300 characters"))
    .refine((value) => {
      if (value === "") return true;
      try {
        const url = new URL(value);
        return url.protocol === "https:" && hosts.includes(url.hostname) && url.pathname !== "/";
      } catch {
        return false;
      }
    }, message);
}

const coordinate = (max: number, name: string) =>
  z
    .string()
    .trim()
    .regex(
      /^-?\d{1,3}(\.\d{1,8})?$/,
      `Enter the ${name} as a number, like ${max === 90 ? "41.9078" : "-87.6728"}`,
    )
    .transform(Number)
    .refine((value) => Math.abs(value) <= max, `The ${name} is between -${max} and ${max}`);

/** One line that may be left empty (absent from an older form: empty). */
const optionalLine = (max: number) =>
  z
    .string()
    .default("")
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .max(max, `At most ${max} characters`)
        .refine((value) => value === "" || isOneLine(value), ONE_LINE_MESSAGE),
    );

const DetailsSchema = z.object({
  name: lineField(80),
  shortName: optionalLine(40),
  tagline: lineField(160),
  description: z.string("Required").trim().min(1, "Required").max(1000, "At most 1000 characters"),
  taglineEs: optionalLine(160),
  descriptionEs: optionalText(1000),
  phone: z
    .string("Required")
    .trim()
    .transform((value, ctx) => {
      const e164 = usPhoneE164(value);
      if (!e164)
        ctx.addIssue({ code: "custom", message: "Enter a US phone number, like (312) 555-0142" });
      return e164 ?? "";
    }),
  email: z
    .string("Required")
    .trim()
    .max(254, "At most 254 characters")
    .pipe(z.email("Enter an email address, like hello@example.com")),
  street: lineField(120),
  city: lineField(60),
  neighborhood: optionalLine(60),
  state: z
    .string("Required")
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, "Enter the state's two letters, like IL")),
  zip: z
    .string("Required")
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "Enter a ZIP code, like 60622"),
  latitude: coordinate(90, "latitude"),
  longitude: coordinate(180, "longitude"),
  instagramUrl: socialUrl("Instagram", ["www.instagram.com", "instagram.com"]),
  facebookUrl: socialUrl("Facebook", ["www.facebook.com", "facebook.com", "m.facebook.com"]),
  tiktokUrl: socialUrl("TikTok", ["www.tiktok.com", "tiktok.com"]),
  pinterestUrl: socialUrl("Pinterest", ["www.pinterest.com", "pinterest.com"]),
  arriveEarlyMinutes: z
    .string("Required")
    .trim()
    .regex(/^\d{1,3}$/, "Enter a number of minutes, like 10")
    .transform(Number)
    .refine((value) => value <= 120, "At most 120 minutes"),
});

type SaveResult = { ok: true; did: string } | { ok: false; fieldErrors: Record<string, string> };

/** Saves 'Business Details' (call inside the transaction that records it). */
export async function saveDetails(
  db: Pick<Database, "update">,
  input: FormFields,
  now = new Date(),
): Promise<SaveResult> {
  const parsed = DetailsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  await db
    .update(siteDetails)
    .set({ ...parsed.data, updatedAt: now })
    .where(eq(siteDetails.id, 1));
  return { ok: true, did: "Changed the business details" };
}

/** The week the form says, or the errors beside its fields (keyed by field name). */
function readHoursForm(
  input: FormFields,
): { ok: true; hours: WeeklyHours } | { ok: false; fieldErrors: Record<string, string> } {
  const hours: Partial<Record<Weekday, { start: string; end: string }[]>> = {};
  const fieldErrors: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    const value = (field: HoursFormField) => (input[hoursField(day, field)] ?? "").trim();
    if (value("closed") !== "") continue;
    const time = (field: HoursFormField, required: boolean): string | undefined => {
      const text = value(field);
      if (text === "" && !required) return undefined;
      if (!isWallTime(text)) {
        fieldErrors[hoursField(day, field)] = "Enter a time, like 10:00 AM";
        return undefined;
      }
      return text;
    };
    const opens = time("opens", true);
    const closes = time("closes", true);
    if (!opens || !closes) continue;
    if (parseWallTime(closes) <= parseWallTime(opens)) {
      fieldErrors[hoursField(day, "closes")] = "Closes after it opens";
      continue;
    }
    const ranges = [{ start: opens, end: closes }];
    const again = [time("opensAgain", false), time("closesAgain", false)] as const;
    if (again[0] || again[1] || value("opensAgain") || value("closesAgain")) {
      const [opensAgain, closesAgain] = again;
      if (!opensAgain)
        fieldErrors[hoursField(day, "opensAgain")] ??=
          "Enter both times of the second range, or neither";
      else if (!closesAgain)
        fieldErrors[hoursField(day, "closesAgain")] ??=
          "Enter both times of the second range, or neither";
      else if (parseWallTime(opensAgain) < parseWallTime(closes))
        fieldErrors[hoursField(day, "opensAgain")] = "Opens again after it closes for the break";
      else if (parseWallTime(closesAgain) <= parseWallTime(opensAgain))
        fieldErrors[hoursField(day, "closesAgain")] = "Closes after it opens again";
      else ranges.push({ start: opensAgain, end: closesAgain });
    }
    hours[day] = ranges;
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, hours };
}

/** Saves 'Opening Hours' (inside the transaction that records it). */
export async function saveHours(
  db: Pick<Database, "update">,
  input: FormFields,
  now = new Date(),
): Promise<SaveResult> {
  const read = readHoursForm(input);
  if (!read.ok) return read;
  await db
    .update(siteDetails)
    .set({ hours: read.hours, updatedAt: now })
    .where(eq(siteDetails.id, 1));
  return { ok: true, did: "Changed the opening hours" };
}
