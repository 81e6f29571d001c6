// Reading an address's query for a loader: the one way, as parseForm is for a posted form. Before
// (issue 36) each route read `url.searchParams.get(...)` by hand, and a year-9999 date or a NUL
// character went on to a date library or to PostgreSQL and came back as a 500. The rules
// (docs/security.md#queries), for every parameter the schema names:
// - it is given at most once, unless the schema takes a list;
// - it has no control character (PostgreSQL text cannot hold a NUL) and at most
//   MAX_QUERY_VALUE characters;
// - then the schema parses it (app/domain/query-fields.ts: dates in 2000-2100, ids, plain lines).
// Parameters the schema does not name are ignored (a campaign's `utm_source`).
import { withRenamedParams } from "../../domain/booking/renamed-params";
import { fieldErrorsOf, z } from "../../domain/zod";
import { type FormParse, type FormSchema, isList } from "./form.server";

/** More than any value our pages put in an address (a token is 43 characters). */
export const MAX_QUERY_VALUE = 2_000;

const CONTROL = /\p{Cc}/u;

/** Where a query is read from: the request, its address, or the parameters themselves. */
export type QuerySource = Request | URL | URLSearchParams;

// Old links' parameter names are read as the new ones (docs/architecture.md#words).
const paramsOf = (source: QuerySource): URLSearchParams =>
  withRenamedParams(
    source instanceof URLSearchParams
      ? source
      : new URL(source instanceof URL ? source : source.url).searchParams,
  );

/**
 * The query's parameters the schema names, checked by the rules above and parsed by the schema.
 * Field errors are keyed by the parameters' names (a page with a form shows them beside its
 * fields; other routes answer 400).
 */
export function parseQuery<S extends FormSchema>(
  source: QuerySource,
  schema: S,
): FormParse<z.output<S>> {
  const params = paramsOf(source);
  const object = schema instanceof z.ZodObject ? schema : schema.in;
  const values: Record<string, string | string[] | undefined> = {};
  const fieldErrors: Record<string, string> = {};
  for (const [name, field] of Object.entries(object.shape)) {
    const given = params.getAll(name);
    const unreadable = given.find((value) => value.length > MAX_QUERY_VALUE || CONTROL.test(value));
    if (unreadable !== undefined) fieldErrors[name] = "This could not be read.";
    else if (isList(field)) values[name] = given;
    else if (given.length > 1) fieldErrors[name] = "Give it once.";
    else values[name] = given[0];
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data as z.output<S> };
  return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
}

/** The first reason a query was refused, for an answer that carries one message. */
export const firstQueryError = (fieldErrors: Record<string, string>): string =>
  Object.values(fieldErrors)[0] ?? "This address could not be read.";

/**
 * A loader that reads its query with `schema`: `load` gets the request's parsed query (or why it
 * could not be read: the route answers 400, or its page with the field errors). The schema rides
 * on the loader as `query`, on the server only (the browser's bundle drops loaders), so the test
 * of hostile queries (tests/integration/server/hostile-queries.test.ts) finds what each route reads.
 */
export function readsQuery<S extends FormSchema, Args extends { request: Request }, Result>(
  schema: S,
  load: (args: Args, read: FormParse<z.output<S>>) => Result,
): ((args: Args) => Result) & { query: S } {
  const loader = (args: Args) => load(args, parseQuery(args.request, schema));
  return Object.assign(loader, { query: schema });
}

/** What a loader of readsQuery gets: the parsed query of `S`, or its field errors. */
export type QueryRead<S extends FormSchema> = FormParse<z.output<S>>;
