// The pieces of the schemas the routes read their addresses' queries with (parseQuery,
// app/services/platform/query.server.ts): what a date, an id, a line of text or a flag in a query
// may be. A missing parameter reads as undefined and an empty one as "", as the pages always took
// them; anything else must be what the page asks for, or the query is refused
// (docs/security.md#queries).
import { isIsoDate } from "./booking/time-zone";
import { isUuid } from "./uuid";
import { isOneLine, z } from "./zod";

/** A salon date "YYYY-MM-DD" in 2000-2100 (isIsoDate), empty, or missing. */
export const queryDate = (message = "Choose a date.") =>
  z
    .string()
    .refine((value) => value === "" || isIsoDate(value), message)
    .optional();

/** A row's id (a uuid), empty, or missing: checked before PostgreSQL casts it (domain/uuid.ts). */
export const queryId = (message = "Not an id.") =>
  z
    .string()
    .refine((value) => value === "" || isUuid(value), message)
    .optional();

/** One plain line of at most `max` characters (no control characters), or missing. */
export const queryLine = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .refine(isOneLine, "Write it on one line, without special characters")
    .optional();

/** Present or not, whatever its value (`?another`, `?forgotten`). */
export const queryFlag = z
  .string()
  .optional()
  .transform((value) => value !== undefined);
