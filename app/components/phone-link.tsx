import { formatPhone, phoneHref } from "~/domain/phone";

/** A customer's stored phone as staff see it: "(312) 555-0101", calling "+13125550101". */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={phoneHref(phone)}>{formatPhone(phone)}</a>;
}
