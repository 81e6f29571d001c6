// One customer as staff look them up (docs/product.md#customers): their email, case and spaces
// aside; a caller the front desk booked by phone alone is their phone as stored (E.164), as
// "tel:+13125550101". Pure, so the staff pages link to a customer the way the server reads them.

/** The prefix of a customer known by phone alone. */
export const PHONE_KEY = "tel:";

/** The customer an appointment is booked under, or undefined when it has neither. */
export function customerKey(customer: {
  email: string | null;
  phone: string | null;
}): string | undefined {
  if (customer.email) return customer.email.trim().toLowerCase();
  return customer.phone ? `${PHONE_KEY}${customer.phone}` : undefined;
}

/** The customer's page: `?email=` as before, or `?phone=` for one known by phone alone. */
export function customerHref(customer: { email: string | null; phone: string | null }): string {
  return customerKeyHref(customerKey(customer) ?? "");
}

/** The page of the customer a key names. */
export function customerKeyHref(key: string): string {
  return key.startsWith(PHONE_KEY)
    ? `/customers?phone=${encodeURIComponent(key.slice(PHONE_KEY.length))}`
    : `/customers?email=${encodeURIComponent(key)}`;
}
