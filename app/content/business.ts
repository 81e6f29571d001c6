// The first-start seed of the salon's details and weekly hours (docs/product.md#the-site): the
// first read of a database without them writes these (app/services/salon/salon-details.server.ts);
// then the owner edits them in 'Business Details' and 'Opening Hours', and no page reads this
// file. Placeholders of the old site get plausible values: a 555 phone number and an address at a
// reserved example domain.

import type { Weekday } from "../domain/booking/time-zone";

export type { Weekday };

interface OpeningHours {
  /** As the salon writes it: "Mon-Fri", "Saturday", "Sunday". */
  label: string;
  days: Weekday[];
  /** Wall-clock times in the salon's zone, 24-hour "HH:MM". */
  opens: string;
  closes: string;
}

interface SocialLink {
  network: "Instagram" | "Facebook" | "TikTok" | "Pinterest";
  /** The salon's page, e.g. "https://www.instagram.com/..."; empty: no icon is shown. */
  url: string;
}

export const business = {
  name: "2 x 10 Nails & Spa",
  /** The logo's mark; the rest of the name is written beside it. */
  shortName: "2 x 10",
  tagline: "High-end nail salon and spa in Chicago",
  description:
    "2 x 10 Nails & Spa is a high-end nail salon in Chicago's Wicker Park. Our licensed technicians offer manicures, pedicures, acrylic, gel and dip powder nails, nail art, waxing and massage in a calm, spotless studio where every tool is sterilized and every detail is considered.",
  /** The two above in Spanish (issue 39), formal (usted). */
  taglineEs: "Salón de uñas y spa de alta gama en Chicago",
  descriptionEs:
    "2 x 10 Nails & Spa es un salón de uñas de alta gama en Wicker Park, Chicago. Nuestras técnicas con licencia ofrecen manicuras, pedicuras, uñas de acrílico, gel y polvo de inmersión, arte en uñas, depilación con cera y masajes en un estudio tranquilo e impecable, donde cada instrumento se esteriliza y cada detalle se cuida.",
  phone: "(312) 555-0142",
  phoneE164: "+13125550142",
  email: "hello@2x10nails.example.com",
  address: {
    street: "1410 N Milwaukee Ave",
    city: "Chicago",
    neighborhood: "Wicker Park",
    region: "IL",
    postalCode: "60622",
    country: "US",
  },
  geo: { latitude: 41.9078, longitude: -87.6728 },
  arriveEarlyMinutes: 10,
  hours: [
    {
      label: "Mon-Fri",
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "10:00",
      closes: "20:00",
    },
    { label: "Saturday", days: ["Saturday"], opens: "10:00", closes: "19:00" },
    { label: "Sunday", days: ["Sunday"], opens: "10:00", closes: "18:00" },
  ] satisfies OpeningHours[],
  // The salon's own pages, once it gives them: an icon is shown only for a link set here. None
  // is invented, since an account name we made up may belong to someone else.
  social: [
    { network: "Instagram", url: "" },
    { network: "Facebook", url: "" },
    { network: "TikTok", url: "" },
    { network: "Pinterest", url: "" },
  ] as SocialLink[],
} as const;
