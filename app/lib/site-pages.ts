// The owner's side of the website (docs/product.md#the-site): the pages under 'Site' in the staff
// navigation, in its order. Who may open each is its route's handle (`access: "owner"`,
// app/lib/route-handle.ts): the server refuses anyone else with 403
// (app/lib/route-access.server.ts) and the Site layout's loader lists the pages the signed-in
// member may open.
interface SitePage {
  to: string;
  label: string;
  /** One line on the Site page. */
  summary: string;
}

const SITE_PAGES: readonly SitePage[] = [
  {
    to: "/site/details",
    label: "Business Details",
    summary: "Name, phone, email, address, map position and social links.",
  },
  {
    to: "/site/hours",
    label: "Opening Hours",
    summary: "The weekly hours the site shows and online booking offers.",
  },
  {
    to: "/site/special-hours",
    label: "Special Hours",
    summary: "Holidays, vacations and shorter days, with a note for visitors.",
  },
  {
    to: "/site/blog",
    label: "Blog Posts",
    summary: "Write, preview and publish posts.",
  },
  {
    to: "/site/gallery",
    label: "Gallery",
    summary: "Upload photos of your work and choose their order.",
  },
  {
    to: "/site/reviews",
    label: "Reviews",
    summary: "The guests' words on the Reviews and home pages.",
  },
  {
    to: "/site/texts",
    label: "Page Texts",
    summary: "The home page, the welcome card, About and Contact.",
  },
];

/** Every Site page's address, for the Site layout's loader to sort by access. */
export const SITE_PATHS: readonly string[] = SITE_PAGES.map((page) => page.to);

/** The Site pages the signed-in member may open (the Site layout's `open`), in their order. */
export function sitePagesFor(open: readonly string[] | undefined): SitePage[] {
  return SITE_PAGES.filter((page) => open?.includes(page.to));
}
