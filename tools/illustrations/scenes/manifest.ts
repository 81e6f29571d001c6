/** Every site image: output name, design size, responsive widths, alt text and drawing. */
import { ABOUT, aboutHygiene, aboutNailCare, aboutSelfCare } from "./about-scene";
import { BLOG, blogManicures, blogOccasions } from "./blog-scene";
import { CONTACT, contact } from "./contact-scene";
import { GALLERY, galleryImage, galleryItems } from "./gallery-scene";
import { HERO, hero } from "./hero";
import { MAP, map } from "./map";
import { OG, og } from "./og";
import { WELCOME, welcome } from "./welcome";

export interface ImageJob {
  name: string;
  /** Design (viewBox) size; the aspect ratio of every output. */
  view: { w: number; h: number };
  widths: number[];
  alt: string;
  draw: () => string;
  /** Also write a JPEG at the largest width (for social cards). */
  jpeg?: boolean;
}

const galleryJobs: ImageJob[] = galleryItems.map((item, i) => ({
  name: `gallery-${i + 1}`,
  view: GALLERY,
  widths: [400, 800, 1200],
  alt: item.alt,
  draw: () => galleryImage(i),
}));

export const jobs: ImageJob[] = [
  {
    name: "hero",
    view: HERO,
    widths: [640, 960, 1280, 1600],
    alt: "Illustration of polish bottles in rose, burgundy and nude on a plinth beside a hand with glossy rose almond nails",
    draw: hero,
  },
  {
    name: "welcome",
    view: WELCOME,
    widths: [480, 800],
    alt: "Illustration of folded towels tied with a rose satin bow, a polish bottle and pink roses, arranged like a gift",
    draw: welcome,
  },
  {
    name: "about-nail-care",
    view: ABOUT,
    widths: [480, 800, 1200],
    alt: "Illustration of a manicure table with a row of polish bottles, a hand cushion, a soaking bowl and an arched desk lamp",
    draw: aboutNailCare,
  },
  {
    name: "about-self-care",
    view: ABOUT,
    widths: [480, 800, 1200],
    alt: "Illustration of stacked spa stones, a lit candle on folded towels and sprigs of eucalyptus",
    draw: aboutSelfCare,
  },
  {
    name: "about-hygiene",
    view: ABOUT,
    widths: [480, 800, 1200],
    alt: "Illustration of sealed sterilisation pouches holding steel manicure tools on a clean tray, with a spray bottle and a small plant",
    draw: aboutHygiene,
  },
  ...galleryJobs,
  {
    name: "contact",
    view: CONTACT,
    widths: [480, 800],
    alt: "Illustration of the salon storefront: a brick building with a rose awning, warmly lit windows and potted topiaries by the door",
    draw: contact,
  },
  {
    name: "blog-manicures",
    view: BLOG,
    widths: [640, 1280],
    alt: "Illustration of a row of nail tips in different manicure styles, from French and ombre to marble, chrome and glitter",
    draw: blogManicures,
  },
  {
    name: "blog-occasions",
    view: BLOG,
    widths: [640, 1280],
    alt: "Illustration of a hand with champagne shimmer nails beside a champagne coupe, a satin ribbon and baby's breath",
    draw: blogOccasions,
  },
  {
    name: "map",
    view: MAP,
    widths: [640, 1280],
    alt: "Illustrated street map of a neighbourhood grid with a diagonal avenue, a park and a rose pin marking the salon",
    draw: map,
  },
  {
    name: "og",
    view: OG,
    widths: [1200],
    alt: "2 x 10 Nails & Spa logo beside an illustration of polish bottles in an arch",
    draw: og,
    jpeg: true,
  },
];
