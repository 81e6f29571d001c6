import { displayPhone, phoneHref } from "~/domain/phone-display";

/** A customer's stored phone as staff see it: "(312) 555-0101", calling "+13125550101". */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={phoneHref(phone)}>{displayPhone(phone)}</a>;
}
