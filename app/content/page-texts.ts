// The first-start words of the texts the owner edits in 'Page Texts' (docs/product.md#page-texts):
// a text without a saved row shows this. The About sections' are in about-sections.ts. Read by
// app/services/site/page-texts.server.ts only; pages read the database. Until the owner saves her
// own words, "{name}", "{shortName}" and "{area}" (the neighbourhood, else the city) are her
// 'Business Details', so a renamed salon's pages say its new name (issue 38).

export const homeTexts = {
  heading: "Beautiful nails, unhurried care.",
  text: "A calm studio for manicures, pedicures, gel and dip, nail art and spa rituals. Every tool sterilized, every detail considered, and a chair waiting for you.",
  /** The three reasons under the home page's picture. */
  pillars: [
    {
      heading: "Hospital-grade hygiene",
      text: "Tools sterilized in sealed pouches, single-use files and liners for every guest.",
    },
    {
      heading: "Licensed artists",
      text: "Careful prep, clean cuticle work and designs from classic to couture.",
    },
    {
      heading: "Time that is yours",
      text: "Book the exact service and time online; we keep your slot ready.",
    },
  ],
};

export const aboutTexts = {
  lead: "A quiet studio in {area} where careful nail work, restorative spa treatments, and uncompromising hygiene come together in one unhurried visit.",
};

export const servicesTexts = {
  intro:
    "Ten ways to be looked after, from a quick polish change to a full spa pedicure. Prices are a starting point; your technician confirms anything extra before they begin.",
};

/** The home page's welcome card; "[words](/page)" is a link to a page of the site. */
export const welcomeTexts = {
  show: true,
  heading: "Welcome to {shortName}",
  text: "New here? Book online in a minute, or [browse our menu](/services).",
};

export const contactTexts = {
  intro: "Send us a question, a comment or a concern. We reply within one day.",
};
