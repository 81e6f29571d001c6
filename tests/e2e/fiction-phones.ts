// (312) 555-0100 to 555-0199 are the numbers kept for fiction. A customer booked by phone alone
// is her phone (her page lists everyone booked with it, under the latest one's name), so each
// spec that books a caller by phone takes lines of its own, never another spec's nor the seeded
// regular's (555-0166, seed-history.ts); within them, a new line per run, so a run repeated on
// the same database (--repeat-each) books her anew rather than finding her.
const LINES = {
  "front-desk-phones": [100, 133],
  "front-desk-visit": [133, 166],
  languages: [167, 200],
} as const;

/** A line of the spec's own, "0142": `(312) 555-0142`. */
export function fictionLine(spec: keyof typeof LINES): string {
  const [from, to] = LINES[spec];
  return String(from + (Date.now() % (to - from))).padStart(4, "0");
}
