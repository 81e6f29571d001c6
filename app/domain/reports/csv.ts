// CSV as RFC 4180 writes it: every field quoted when it holds a comma, a quote or a line break
// (quotes doubled), lines ended by CRLF. A field that a spreadsheet would read as a formula
// (=, +, -, @ first) gets a leading apostrophe, unless it is one of the report's own signed
// changes ("-5.0 h", "+4 (+80%)", "-$12.00"), which only our code writes (docs/security.md).

const FORMULA = /^[=+\-@\t\r]/;
const SIGNED_CHANGE = /^[+-]\$?[\d,.]+%?( h| pts)?( \([+-][\d,]+%\))?$/;

export function csvField(value: string): string {
  const safe = FORMULA.test(value) && !SIGNED_CHANGE.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows]
    .map((row) => row.map(csvField).join(","))
    .join("\r\n")
    .concat("\r\n");
}
