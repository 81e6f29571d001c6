import type { SalonDetails } from "./salon-details";

// For unit tests only (no page or service imports it).

/** The details as an owner keeps them: not the seed's, so nothing a test reads can come from code. */
export const ownersSalon: SalonDetails = {
  name: "Nails on Division",
  shortName: "",
  tagline: "",
  description: "",
  taglineEs: "",
  descriptionEs: "",
  phone: "(773) 555-0177",
  phoneE164: "+17735550177",
  email: "front-desk@nails-on-division.example.com",
  address: {
    street: "2000 W Division St",
    city: "Chicago",
    neighborhood: "",
    region: "IL",
    postalCode: "60622",
    country: "US",
  },
  geo: { latitude: 41.903, longitude: -87.677 },
  social: [],
  arriveEarlyMinutes: 15,
  hours: {},
};
