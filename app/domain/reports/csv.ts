// CSV as RFC 4180 writes it: every field quoted when it holds a comma, a quote or a line break
// (quotes doubled), lines ended by CRLF. A field that a spreadsheet would read as a formula
// (=, +, -, @ or a control character first) gets a leading apostrophe, unless the whole field is
// a plain number ("-12.50"): a spreadsheet reads that as the number, and no formula is only
// digits (docs/security.md, the CSV row).

const FORMULA = /^[=+\-@\p{Cc}]/u;
/** A decimal number as the report's CSV writes one (cell-writer.ts): an optional minus, digits. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The byte-order mark that tells Excel on Windows the file is UTF-8 (accents kept). */
const UTF8_BOM = "\uFEFF";

export function csvField(value: string): string {
  const safe = FORMULA.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows]
    .map((row) => row.map(csvField).join(","))
    .join("\r\n")
    .concat("\r\n");
}

/** A whole CSV file: UTF-8 with its byte-order mark, then the rows (docs/product.md#reports). */
export function csvFile(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${UTF8_BOM}${toCsv(header, rows)}`;
}
