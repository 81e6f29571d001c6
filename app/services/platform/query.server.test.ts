import { describe, expect, it } from "vitest";
import { queryDate, queryFlag, queryId, queryLine } from "../../domain/query-fields";
import { z } from "../../domain/zod";
import { MAX_QUERY_VALUE, parseQuery, readsQuery } from "./query.server";

const Search = z.object({
  date: queryDate(),
  id: queryId(),
  technician: queryLine(60),
  addon: z.array(z.string()),
  another: queryFlag,
});
const read = (query: string) => parseQuery(new URL(`http://salon.test/schedule?${query}`), Search);

describe("parseQuery", () => {
  it("reads what the schema names, missing as undefined and empty as empty, and ignores the rest", () => {
    const id = "0b6f4f8e-2d7c-4a37-9d1e-5f0a8c3b2e11";
    expect(
      read(`date=2026-05-02&id=${id}&technician=Nina&addon=a&addon=b&another&utm_source=x`),
    ).toEqual({
      ok: true,
      data: { date: "2026-05-02", id, technician: "Nina", addon: ["a", "b"], another: true },
    });
    expect(read("date=&technician=")).toEqual({
      ok: true,
      data: { date: "", id: undefined, technician: "", addon: [], another: false },
    });
  });

  it("refuses dates outside 2000-2100 or malformed, and ids that are no uuid", () => {
    for (const date of [
      "9999-12-31",
      "0100-01-01",
      "1999-12-31",
      "2101-01-01",
      "2026-02-30",
      "soon",
    ]) {
      expect(read(`date=${date}`), date).toEqual({
        ok: false,
        fieldErrors: { date: "Choose a date." },
      });
    }
    expect(read("id=1")).toEqual({ ok: false, fieldErrors: { id: "Not an id." } });
  });

  it("refuses a parameter given twice, a control character, or an overlong value", () => {
    expect(read("date=2026-05-02&date=2026-05-03")).toEqual({
      ok: false,
      fieldErrors: { date: "Give it once." },
    });
    for (const query of [
      "technician=%00",
      "technician=a%0Ab",
      "another=%00",
      "addon=a&addon=%07",
    ]) {
      expect(read(query).ok, query).toBe(false);
    }
    expect(read(`technician=${"x".repeat(61)}`)).toEqual({
      ok: false,
      fieldErrors: { technician: "At most 60 characters" },
    });
    expect(read(`addon=${"x".repeat(MAX_QUERY_VALUE + 1)}`)).toEqual({
      ok: false,
      fieldErrors: { addon: "This could not be read." },
    });
  });

  it("hands a loader the request's query and carries the schema for the tests", async () => {
    const loader = readsQuery(Search, ({ request: _ }: { request: Request }, query) => query);
    expect(loader.query).toBe(Search);
    const answer = loader({ request: new Request("http://salon.test/schedule?technician=%00") });
    expect(answer.ok).toBe(false);
  });
});
