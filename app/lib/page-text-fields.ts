// The fields of 'Page Texts' (docs/product.md#page-texts): the form's names and labels, and what
// each holds. Shared by the page (labels) and the service (checks), so they cannot disagree.

export type PageTextKind =
  /** One line, required: a heading. */
  | "line"
  /** Paragraphs, required; a blank line starts a new one. */
  | "text"
  /** A checkbox. */
  | "flag"
  /** One line, optional: what a photo shows (required once the photo is there). */
  | "alt";

export interface PageTextField {
  /** The form's field name. */
  name: string;
  /** The page_texts row it is kept in. */
  key: string;
  label: string;
  kind: PageTextKind;
  /** The most characters it takes (lines and texts). */
  max: number;
  /**
   * "es": the Spanish beside the English field of the same key (issue 39), kept in the row's
   * value_es; optional, the Spanish pages show the English without it.
   */
  lang?: "es";
}

/**
 * A photo of 'Page Texts' (an upload): kept in the page_texts row `key` (its photo_id); `alt` names
 * the field with what it shows, kept in the same row's value (the welcome card's is decorative).
 * Until one is uploaded, the page shows its illustration.
 */
export interface PageTextPhoto {
  /** The file input's name. */
  name: string;
  key: string;
  label: string;
  alt?: string;
  /** The checkbox that goes back to the illustration. */
  removeName: string;
  removeLabel: string;
}

const photo = (name: string, key: string, label: string, alt?: string): PageTextPhoto => ({
  name,
  key,
  label,
  ...(alt ? { alt } : {}),
  removeName: `${name}Remove`,
  removeLabel: `Remove ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
});

export const PAGE_TEXT_PHOTOS: readonly PageTextPhoto[] = [
  photo("homePhoto", "home.photo", "Home picture", "homePhotoAlt"),
  photo("welcomePhoto", "welcome.photo", "Welcome card photo"),
  photo("about1Photo", "about.1.photo", "About section 1 photo", "about1PhotoAlt"),
  photo("about2Photo", "about.2.photo", "About section 2 photo", "about2PhotoAlt"),
  photo("about3Photo", "about.3.photo", "About section 3 photo", "about3PhotoAlt"),
];

/** The three reasons under the home page's picture, each a heading and a sentence (one line). */
const pillar = (n: 1 | 2 | 3): PageTextField[] => [
  {
    name: `pillar${n}Heading`,
    key: `home.pillar.${n}.heading`,
    label: `Home reason ${n} heading`,
    kind: "line",
    max: 80,
  },
  {
    name: `pillar${n}Text`,
    key: `home.pillar.${n}.text`,
    label: `Home reason ${n} text`,
    kind: "line",
    max: 200,
  },
];

const about = (n: 1 | 2 | 3): PageTextField[] => [
  {
    name: `about${n}Heading`,
    key: `about.${n}.heading`,
    label: `About section ${n} heading`,
    kind: "line",
    max: 120,
  },
  {
    name: `about${n}Text`,
    key: `about.${n}.text`,
    label: `About section ${n} text`,
    kind: "text",
    max: 5000,
  },
  {
    name: `about${n}PhotoAlt`,
    key: `about.${n}.photo`,
    label: `About section ${n} photo alt text`,
    kind: "alt",
    max: 200,
  },
];

/** In the form's order, by the page they are on (in English). */
const ENGLISH_GROUPS: readonly {
  title: string;
  fields: readonly PageTextField[];
  /** The group's photo, shown before its alt text. */
  photo?: PageTextPhoto;
}[] = [
  {
    title: "Home page",
    fields: [
      { name: "homeHeading", key: "home.heading", label: "Home heading", kind: "line", max: 120 },
      { name: "homeText", key: "home.text", label: "Home text", kind: "text", max: 600 },
      {
        name: "homePhotoAlt",
        key: "home.photo",
        label: "Home picture alt text",
        kind: "alt",
        max: 200,
      },
    ],
    photo: PAGE_TEXT_PHOTOS[0],
  },
  { title: "Home page reasons", fields: [...pillar(1), ...pillar(2), ...pillar(3)] },
  {
    title: "Welcome card",
    fields: [
      {
        name: "welcomeShow",
        key: "welcome.show",
        label: "Show welcome card",
        kind: "flag",
        max: 3,
      },
      {
        name: "welcomeHeading",
        key: "welcome.heading",
        label: "Welcome card heading",
        kind: "line",
        max: 80,
      },
      {
        name: "welcomeText",
        key: "welcome.text",
        label: "Welcome card text",
        kind: "text",
        max: 300,
      },
    ],
    photo: PAGE_TEXT_PHOTOS[1],
  },
  {
    title: "Services page",
    fields: [
      {
        name: "servicesIntro",
        key: "services.intro",
        label: "Services introduction",
        kind: "text",
        max: 500,
      },
    ],
  },
  {
    title: "About page",
    fields: [
      { name: "aboutLead", key: "about.lead", label: "About introduction", kind: "text", max: 500 },
    ],
  },
  { title: "About page, section 1", fields: about(1), photo: PAGE_TEXT_PHOTOS[2] },
  { title: "About page, section 2", fields: about(2), photo: PAGE_TEXT_PHOTOS[3] },
  { title: "About page, section 3", fields: about(3), photo: PAGE_TEXT_PHOTOS[4] },
  {
    title: "Contact page",
    fields: [
      {
        name: "contactIntro",
        key: "contact.intro",
        label: "Contact introduction",
        kind: "text",
        max: 500,
      },
    ],
  },
];

/** Each heading and text followed by its Spanish ('Home heading (Spanish)'); checkboxes and alt texts alone. */
function withSpanish(fields: readonly PageTextField[]): PageTextField[] {
  return fields.flatMap((field) =>
    field.kind === "line" || field.kind === "text"
      ? [
          field,
          { ...field, name: `${field.name}Es`, label: `${field.label} (Spanish)`, lang: "es" },
        ]
      : [field],
  );
}

/** In the form's order, by the page they are on, each text with its Spanish after it. */
export const PAGE_TEXT_GROUPS = ENGLISH_GROUPS.map((group) => ({
  ...group,
  fields: withSpanish(group.fields),
}));

export const PAGE_TEXT_FIELDS: readonly PageTextField[] = PAGE_TEXT_GROUPS.flatMap(
  (group) => group.fields,
);

/** A text as paragraphs: a blank line starts a new one; single line breaks are spaces. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph !== "");
}

/**
 * A paragraph in pieces: plain text, and links written "[words](/page)". Only addresses on this
 * site (one "/" then a path) become links; anything else stays as typed.
 */
export function linkPiecesOf(
  paragraph: string,
): ({ text: string } | { text: string; to: string })[] {
  const pieces: ({ text: string } | { text: string; to: string })[] = [];
  const link = /\[([^\]\n]{1,200})\]\((\/(?!\/)[A-Za-z0-9\-._~/?=&#%]*)\)/g;
  let at = 0;
  for (const match of paragraph.matchAll(link)) {
    if (match.index > at) pieces.push({ text: paragraph.slice(at, match.index) });
    pieces.push({ text: match[1] as string, to: match[2] as string });
    at = match.index + match[0].length;
  }
  if (at < paragraph.length) pieces.push({ text: paragraph.slice(at) });
  return pieces;
}
