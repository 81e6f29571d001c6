// 'Insert Photo' of a post's body (docs/product.md#blog-posts): the Markdown of a photo, written
// where the cursor was. The same text the page's script writes in the browser
// (app/lib/site-enhancements.ts reads it from the choice's data-markdown) and the server writes
// for a new upload or without JavaScript.

/** Characters an image's alt text cannot hold in Markdown as they are. */
const ALT_SPECIALS = /[[\]\\]/g;

/** `![alt](address)`, its alt text on one line and its brackets escaped. */
export function photoMarkdown(alt: string, address: string): string {
  const line = alt
    .replace(/\s+/g, " ")
    .trim()
    .replace(ALT_SPECIALS, (c) => `\\${c}`);
  return `![${line}](${address})`;
}

/**
 * The body with `markdown` at `cursor` (a character offset; past the end, or not a number: at the
 * end), as a paragraph of its own: blank lines around it unless the body already has them there.
 * Returns the new body and where the cursor goes: just after the inserted photo.
 */
export function insertIntoBody(
  body: string,
  cursor: number,
  markdown: string,
): { body: string; cursor: number } {
  const at =
    Number.isInteger(cursor) && cursor >= 0 && cursor <= body.length ? cursor : body.length;
  const before = body.slice(0, at);
  const after = body.slice(at);
  const lead =
    before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const trail =
    after === "" ? "\n" : after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  const inserted = `${lead}${markdown}${trail}`;
  return { body: `${before}${inserted}${after}`, cursor: at + lead.length + markdown.length };
}
