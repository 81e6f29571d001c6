import { describe, expect, it } from "vitest";
import { DumpError, linesWithQuoteState, prepareDump } from "./dump-sql.server";

const dump = (body: string) =>
  [
    "--",
    "-- PostgreSQL database dump",
    "--",
    "\\restrict AbC123",
    "SET statement_timeout = 0;",
    "SET transaction_timeout = 0;",
    body,
    "--",
    "-- PostgreSQL database dump complete",
    "--",
    "\\unrestrict AbC123",
    "",
  ].join("\n");

const POSTGRES_15 = new Set(["statement_timeout", "client_encoding"]);

describe("prepareDump", () => {
  it("drops psql's guard lines and settings the target does not know, nothing else", () => {
    const prepared = prepareDump(
      dump("INSERT INTO public.t VALUES (1, 'a');"),
      new Set([...POSTGRES_15, "transaction_timeout"]),
    );
    expect(prepared.skippedSettings).toEqual([]);
    expect(prepared.sql).not.toContain("restrict");
    expect(prepared.sql).toContain("SET transaction_timeout = 0;");

    const older = prepareDump(dump(""), POSTGRES_15);
    expect(older.skippedSettings).toEqual(["transaction_timeout"]);
    expect(older.sql).not.toContain("transaction_timeout");
    expect(older.sql).toContain("SET statement_timeout = 0;");
  });

  it("leaves lines inside quoted text alone, whatever they look like", () => {
    const value = [
      "'it''s -- not a comment",
      "\\restrict x",
      "SET transaction_timeout = 0;",
      "\\.",
      "COPY public.t FROM stdin;",
      "end'",
    ].join("\n");
    const body = `INSERT INTO public.t VALUES (1, ${value});\nCREATE FUNCTION f() RETURNS text AS $_$\n\\q\n$_$;`;
    const prepared = prepareDump(dump(body), POSTGRES_15);
    expect(prepared.sql).toContain(body);
    expect(prepared.skippedSettings).toEqual(["transaction_timeout"]);
  });

  it("refuses what only psql can load, and files that are not whole pg_dump output", () => {
    expect(() => prepareDump(dump("COPY public.t (a) FROM stdin;\n1\n\\."), POSTGRES_15)).toThrow(
      /line 7 loads rows with COPY \.\.\. FROM stdin/,
    );
    expect(() => prepareDump(dump("\\connect other"), POSTGRES_15)).toThrow(
      "line 7 is a psql command (\\connect other)",
    );
    expect(() => prepareDump("select 1;", POSTGRES_15)).toThrow(DumpError);
    const cut = dump("").split("-- PostgreSQL database dump complete")[0] ?? "";
    expect(() => prepareDump(cut, POSTGRES_15)).toThrow(/cut short/);
  });
});

describe("linesWithQuoteState", () => {
  it("follows strings, quoted names and dollar quotes across lines", () => {
    const lines = linesWithQuoteState(
      ["a 'x", "y'' z", "w' \"n", 'm" $f$', "'$f$ -- '", "b"].join("\n"),
    );
    expect(lines.map((line) => line.topLevel)).toEqual([true, false, false, false, false, true]);
  });
});
