import { describe, expect, it } from "vitest";
import { areaOf, logoPartsOf, placeOf } from "./salon-details";
import { ownersSalon } from "./salon-details.fixture";

// How pages name the salon and where it is, from 'Business Details' (issue 38).

describe("the logo", () => {
  it("is the short name as its mark and the rest of the name beside it", () => {
    expect(logoPartsOf({ name: "2 x 10 Nails & Spa", shortName: "2 x 10" })).toEqual({
      mark: "2 x 10",
      text: "Nails & Spa",
    });
    expect(logoPartsOf({ name: "Lumen Nail Studio", shortName: "Lumen" })).toEqual({
      mark: "Lumen",
      text: "Nail Studio",
    });
  });

  it("is the whole name with no short name, and both when the name does not start with it", () => {
    expect(logoPartsOf({ name: "Nails on Division", shortName: "" })).toEqual({
      mark: "Nails on Division",
      text: "",
    });
    expect(logoPartsOf({ name: "Studio Lumen", shortName: "Lumen" })).toEqual({
      mark: "Lumen",
      text: "Studio Lumen",
    });
  });
});

describe("the place", () => {
  it("is the neighbourhood and the city, or the city alone", () => {
    const moved = { ...ownersSalon, address: { ...ownersSalon.address, neighborhood: "Pilsen" } };
    expect(placeOf(moved)).toBe("Pilsen, Chicago");
    expect(areaOf(moved)).toBe("Pilsen");
    expect(placeOf(ownersSalon)).toBe("Chicago");
    expect(areaOf(ownersSalon)).toBe("Chicago");
  });
});
