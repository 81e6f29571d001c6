import { describe, expect, it } from "vitest";
import type { SalonDetails } from "./salon-details";
import { DETAILS_FIELDS, detailsFormOf } from "./site-forms";

const details: SalonDetails = {
  name: "Nails on Division",
  tagline: "Neat hands",
  description: "A small salon.",
  phone: "(773) 555-0177",
  phoneE164: "+17735550177",
  email: "front-desk@nails-on-division.example.com",
  address: {
    street: "2000 W Division St",
    city: "Chicago",
    region: "IL",
    postalCode: "60622",
    country: "US",
  },
  geo: { latitude: 41.903, longitude: -87.677 },
  social: [{ network: "Instagram", url: "https://www.instagram.com/nailsondivision" }],
  arriveEarlyMinutes: 15,
  hours: {},
};

describe("the Business Details form", () => {
  it("shows every field as the owner keeps it; a social link not given is empty", () => {
    const form = detailsFormOf(details);
    expect(Object.keys(form)).toEqual(DETAILS_FIELDS.map(([name]) => name));
    expect(form).toMatchObject({
      name: "Nails on Division",
      state: "IL",
      zip: "60622",
      latitude: "41.903",
      longitude: "-87.677",
      instagramUrl: "https://www.instagram.com/nailsondivision",
      facebookUrl: "",
      arriveEarlyMinutes: "15",
    });
  });
});
