import { describe, expect, it } from "vitest";
import { images } from "~/content/images";
import { m } from "~/paraglide/messages.js";
import { imageAlt } from "./picture";

// The drawn illustrations' alt texts follow the page's language (docs/product.md#languages).
describe("imageAlt", () => {
  it("is images.ts's English on an English page, and the catalogue's English says the same", () => {
    expect(imageAlt("hero", "en")).toBe(images.hero.alt);
    expect(m.image_hero({}, { locale: "en" })).toBe(images.hero.alt);
    expect(m.image_about_nail_care({}, { locale: "en" })).toBe(images["about-nail-care"].alt);
    expect(m.image_about_self_care({}, { locale: "en" })).toBe(images["about-self-care"].alt);
    expect(m.image_about_hygiene({}, { locale: "en" })).toBe(images["about-hygiene"].alt);
    expect(m.image_contact({}, { locale: "en" })).toBe(images.contact.alt);
    expect(m.image_map({}, { locale: "en" })).toBe(images.map.alt);
  });

  it("is Spanish on a Spanish page", () => {
    expect(imageAlt("hero", "es")).toMatch(/^Ilustración de frascos de esmalte/);
    // An illustration the catalogue does not name keeps its English.
    expect(imageAlt("og", "es")).toBe(images.og.alt);
  });
});
