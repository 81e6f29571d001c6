// Row ids come from the address or a form: untrusted text. PostgreSQL refuses a malformed uuid
// with an error (a 500) rather than finding nothing, so an id is checked before any query.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id as PostgreSQL writes a uuid (8-4-4-4-12 hex digits). */
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && UUID.test(value);
