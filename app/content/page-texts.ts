// The first-start words of the texts the owner edits in 'Page Texts' (docs/product.md#page-texts):
// a text without a saved row shows this. The About sections' are in about-sections.ts. Read by
// app/services/site/page-texts.server.ts only; pages read the database.

export const homeTexts = {
  heading: "Beautiful nails, unhurried care.",
  text: "A calm studio for manicures, pedicures, gel and dip, nail art and spa rituals. Every tool sterilized, every detail considered, and a chair waiting for you.",
};

/** The home page's welcome card; "[words](/page)" is a link to a page of the site. */
export const welcomeTexts = {
  show: true,
  heading: "Welcome to 2 x 10",
  text: "New here? Book online in a minute, or [browse our menu](/services).",
};

export const contactTexts = {
  intro: "Send us a question, a comment or a concern. We reply within one day.",
};
