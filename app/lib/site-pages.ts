// The owner's side of the website (docs/product.md#the-site): the pages under 'Site' in the staff
// navigation, in its order. `owner`: only an owner opens it; the server refuses anyone else with
// 403 (requireOwner in the page's loader and action), and a Staff account's navigation leaves it
// out.
interface SitePage {
  to: string;
  label: string;
  owner: boolean;
  /** One line on the Site page. */
  summary: string;
}

const SITE_PAGES: readonly SitePage[] = [
  {
    to: "/site/details",
    label: "Business Details",
    owner: true,
    summary: "Name, phone, email, address, map position and social links.",
  },
  {
    to: "/site/hours",
    label: "Opening Hours",
    owner: true,
    summary: "The weekly hours the site shows and online booking offers.",
  },
  {
    to: "/site/special-hours",
    label: "Special Hours",
    owner: true,
    summary: "Holidays, vacations and shorter days, with a note for visitors.",
  },
  {
    to: "/site/blog",
    label: "Blog Posts",
    owner: false,
    summary: "Write, preview and publish posts.",
  },
  {
    to: "/site/gallery",
    label: "Gallery",
    owner: false,
    summary: "Upload photos of your work and choose their order.",
  },
  {
    to: "/site/reviews",
    label: "Reviews",
    owner: false,
    summary: "The guests' words on the Reviews and home pages.",
  },
  {
    to: "/site/texts",
    label: "Page Texts",
    owner: true,
    summary: "The home page, the welcome card, About and Contact.",
  },
];

/** The Site pages a role may open. */
export function sitePagesFor(role: "owner" | "staff" | undefined): SitePage[] {
  return SITE_PAGES.filter((page) => !page.owner || role === "owner");
}
