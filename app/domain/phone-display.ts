// A stored phone as the browser shows it (docs/product.md#phone-numbers). Pages that run in the
// browser use this, not app/domain/phone.ts: libphonenumber-js's metadata (about 30 KB gzipped)
// would otherwise join the script every hydrated page shares. Numbers are stored as E.164 by
// phone.ts on the server, so a North American one is always "+1" and ten digits here; any other
// value (another country's, one kept from before normalisation) is shown as stored.

const NORTH_AMERICAN = /^\+1(\d{3})(\d{3})(\d{4})$/;

/** "(312) 555-0101" for a stored "+13125550101"; any other value unchanged. */
export function displayPhone(stored: string): string {
  const match = NORTH_AMERICAN.exec(stored);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : stored;
}

/** A `tel:` address for a stored phone: its "+" and digits ("tel:+13125550101"). */
export function phoneHref(stored: string): string {
  return `tel:${stored.replace(/[^0-9+]/g, "")}`;
}
