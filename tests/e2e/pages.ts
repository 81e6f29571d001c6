/** The public pages of the spec's route table, with the heading each one shows. */
export const publicPages = [
  { path: "/", heading: "Beautiful nails, unhurried care." },
  { path: "/about", heading: "About 2 x 10 Nails & Spa" },
  { path: "/services", heading: "Our Services" },
  { path: "/gallery", heading: "Gallery" },
  { path: "/gallery-photo?photo=classic-french", heading: "Classic French" },
  { path: "/blog", heading: "Blog" },
  {
    path: "/blogpost?post=types-of-manicures",
    heading: "A Guide to the Different Types of Manicures",
  },
  { path: "/reviews", heading: "See what others are saying." },
  { path: "/contact", heading: "We would love to hear from you" },
  { path: "/locations", heading: "Locations and Hours" },
  { path: "/schedule", heading: "Schedule an Appointment" },
  { path: "/login", heading: "Log In" },
] as const;

/** The staff pages, each opened signed in as the owner (who sees every one). */
export const staffPages = [
  "/dashboard",
  "/scheduleadmin",
  "/scheduleadmin/team",
  "/scheduleadmin/categories",
  "/scheduleadmin/waitlist",
  "/customers",
  "/accounts",
  "/site",
  "/site/details",
  "/site/hours",
  "/site/special-hours",
  "/site/texts",
  "/site/blog",
  "/site/gallery",
  "/site/reviews",
] as const;
