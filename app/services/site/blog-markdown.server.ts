// A blog post's body: Markdown staff write, made into HTML on the server when the post is saved
// (and for 'Preview'), then sanitised, so what the pages show is only what this allow-list lets
// through (docs/security.md#blog-posts). Staff are trusted to write, not to be unphishable: a
// pasted snippet, or a stolen session, must not put a script on the public site. Markdown lets
// raw HTML through, so the sanitiser, not the Markdown library, is the rule.
import { Marked, type Token } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Quotes and lists nested deeper than this are refused: no post needs them, and the parser
 * recurses once a level (a few thousand overflow its stack, docs/security.md#markdown).
 */
export const MAX_NESTING = 20;

/** Thrown for a text the parser should not be asked to make (markdown-thread.server.ts). */
export class TooComplexMarkdown extends Error {
  override name = "TooComplexMarkdown";
}

/** Throws when quotes and lists in `tokens` nest deeper than MAX_NESTING. */
function refuseDeepNesting(tokens: readonly Token[]): void {
  const pending = tokens.map((token) => ({ token, depth: 0 }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { token } = next;
    const depth = next.depth + (token.type === "blockquote" || token.type === "list" ? 1 : 0);
    if (depth > MAX_NESTING) throw new TooComplexMarkdown(`Nested over ${MAX_NESTING} deep`);
    const children = [...("tokens" in token ? (token.tokens ?? []) : [])];
    if (token.type === "list") children.push(...(token.items as Token[]));
    for (const child of children) pending.push({ token: child, depth });
  }
}

// Its own instance: no global options another module could change.
const markdown = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  hooks: {
    processAllTokens: (tokens) => {
      refuseDeepNesting(tokens);
      return tokens;
    },
  },
});

/** Our own uploaded photos' files (app/services/site/photos.server.ts serves them at /photos/). */
const OWN_PHOTO = /^\/photos\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** An address on another site: absolute, or protocol-relative. */
const OTHER_SITE = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "del",
    "s",
    "blockquote",
    "code",
    "pre",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
  },
  // Only these survive in href and src; javascript:, data:, vbscript: and every other go (the
  // sanitiser decodes entities and strips control characters before it compares).
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // script, style, textarea, option and noscript go with their contents; other tags lose only
  // their markup.
  disallowedTagsMode: "discard",
  transformTags: {
    // The page's title is its one h1; a post's own headings start at h2. h5 and h6 read as h4.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => {
      const { rel: _ignored, ...rest } = attribs;
      const href = rest.href ?? "";
      // Links to other sites open as links do, without handing that site this page (opener) or
      // its address (referrer).
      return {
        tagName,
        attribs: OTHER_SITE.test(href.trim()) ? { ...rest, rel: "noopener noreferrer" } : rest,
      };
    },
  },
  // An image only from our own photos; any other (another site's tracker, a data: URL) is dropped.
  exclusiveFilter: (frame) => frame.tag === "img" && !OWN_PHOTO.test(frame.attribs.src ?? ""),
};

/** Sanitises HTML by the posts' allow-list. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

/** A post body's HTML, safe to put in a page as it is. */
export function renderPostBody(markdownText: string): string {
  return sanitizePostHtml(markdown.parse(markdownText, { async: false }));
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
};

/** The body as plain text (a post's description when it has none), `max` characters at most. */
export function postBodyText(html: string, max = 160): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
