import { describe, expect, it } from "vitest";
import { ownersSalon } from "./salon-details.fixture";
import { DETAILS_FIELDS, detailsFormOf } from "./site-forms";

const details = {
  ...ownersSalon,
  social: [{ network: "Instagram" as const, url: "https://www.instagram.com/nailsondivision" }],
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
