// Reads a plain-SQL dump written by pg_dump (docs/backups.md) and makes it runnable as one SQL
// string by PGlite's exec() or the pg client, which understand SQL but not psql's commands.
// Pure: no I/O.
//
// Only lines that start outside any quoted text are looked at, so a customer's message that
// happens to contain a line "SET x = 1;" or "\restrict" is data and stays exactly as it was.

export class DumpError extends Error {}

interface PreparedDump {
  sql: string;
  /** Header settings the target server does not know (e.g. transaction_timeout before 17). */
  skippedSettings: string[];
}

/**
 * @param knownSettings the target's parameter names (`select name from pg_settings`): a dump made
 *   by a newer pg_dump sets parameters an older server refuses.
 */
export function prepareDump(text: string, knownSettings: ReadonlySet<string>): PreparedDump {
  if (!/^-- PostgreSQL database dump$/m.test(text)) {
    throw new DumpError("it is not a plain SQL dump made by pg_dump (npm run db:backup)");
  }
  if (!/^-- PostgreSQL database dump complete$/m.test(text)) {
    throw new DumpError("it ends before pg_dump's 'dump complete' line: the backup was cut short");
  }
  const kept: string[] = [];
  const skippedSettings: string[] = [];
  for (const { line, number, topLevel } of linesWithQuoteState(text)) {
    if (topLevel) {
      // pg_dump 15.14+/17.6+ wraps its output in these psql-only commands (a guard for psql).
      if (/^\\(un)?restrict\b/.test(line)) continue;
      if (/^COPY .* FROM stdin;$/.test(line)) {
        throw new DumpError(
          `line ${number} loads rows with COPY ... FROM stdin, which only psql can run: make backups with npm run db:backup (INSERT statements), or load this one with psql`,
        );
      }
      if (line.startsWith("\\")) {
        throw new DumpError(
          `line ${number} is a psql command (${line.slice(0, 30)}): load this dump with psql`,
        );
      }
      const setting = /^SET ([a-z_]+) = .*;$/.exec(line);
      if (setting?.[1] && !knownSettings.has(setting[1])) {
        skippedSettings.push(setting[1]);
        continue;
      }
    }
    kept.push(line);
  }
  return { sql: kept.join("\n"), skippedSettings };
}

interface DumpLine {
  line: string;
  /** 1-based, as an editor shows it. */
  number: number;
  /** The line starts outside any string, quoted identifier or dollar-quoted body. */
  topLevel: boolean;
}

/** Splits SQL into lines, telling for each whether it starts inside quoted text. */
export function linesWithQuoteState(text: string): DumpLine[] {
  const result: DumpLine[] = [];
  // What closes the quoted text we are in: "'", '"' or a dollar tag such as "$_$"; "" outside.
  let closer = "";
  let number = 0;
  for (const line of text.split("\n")) {
    number++;
    result.push({ line, number, topLevel: closer === "" });
    let i = 0;
    while (i < line.length) {
      if (closer === "") {
        const char = line[i];
        if (char === "-" && line[i + 1] === "-") break; // comment to the end of the line
        if (char === "'" || char === '"') {
          closer = char;
          i++;
          continue;
        }
        if (char === "$") {
          const tag = /^\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$/.exec(line.slice(i));
          if (tag) {
            closer = tag[0];
            i += closer.length;
            continue;
          }
        }
        i++;
      } else if (closer === "'" || closer === '"') {
        const end = line.indexOf(closer, i);
        if (end === -1) break;
        // A doubled quote is the quote character itself, still inside.
        if (line[end + 1] === closer) {
          i = end + 2;
        } else {
          closer = "";
          i = end + 1;
        }
      } else {
        const end = line.indexOf(closer, i);
        if (end === -1) break;
        i = end + closer.length;
        closer = "";
      }
    }
  }
  return result;
}
