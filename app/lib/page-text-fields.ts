// The fields of 'Page Texts' (docs/product.md#page-texts): the form's names and labels, and what
// each holds. Shared by the page (labels) and the service (checks), so they cannot disagree.

export type PageTextKind =
  /** One line, required: a heading. */
  | "line"
  /** Paragraphs, required; a blank line starts a new one. */
  | "text"
  /** A checkbox. */
  | "flag";

export interface PageTextField {
  /** The form's field name. */
  name: string;
  /** The page_texts row it is kept in. */
  key: string;
  label: string;
  kind: PageTextKind;
  /** The most characters it takes (lines and texts). */
  max: number;
}

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
];

/** In the form's order, by the page they are on. */
export const PAGE_TEXT_GROUPS: readonly { title: string; fields: readonly PageTextField[] }[] = [
  {
    title: "Home page",
    fields: [
      { name: "homeHeading", key: "home.heading", label: "Home heading", kind: "line", max: 120 },
      { name: "homeText", key: "home.text", label: "Home text", kind: "text", max: 600 },
    ],
  },
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
  },
  { title: "About page, section 1", fields: about(1) },
  { title: "About page, section 2", fields: about(2) },
  { title: "About page, section 3", fields: about(3) },
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
