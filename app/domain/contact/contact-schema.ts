import { localeField, nameField, z } from "../zod";
import { CONTACT_LIMITS, CONTACT_REASONS, type ContactField } from "./contact-fields";

export {
  CONTACT_LIMITS,
  CONTACT_REASONS,
  type ContactField,
  type ContactReason,
  emptyContactFields,
} from "./contact-fields";

// A missing or non-text value reads as an empty field, as the form shows it.
const required = (max: number) =>
  z.string("Required").trim().min(1, "Required").max(max, `At most ${max} characters`);

/**
 * The contact form: the browser's hints and the server's real check (spec section 5). Exactly the
 * form's fields (`satisfies` refuses a missing or an extra one), and the page's language.
 */
export const ContactSchema = z.object({
  ...({
    name: nameField(CONTACT_LIMITS.name),
    email: required(CONTACT_LIMITS.email).pipe(z.email("Enter a valid email address")),
    reason: z.enum(CONTACT_REASONS, "Choose a reason"),
    message: required(CONTACT_LIMITS.message),
  } satisfies Record<ContactField, z.ZodType>),
  /** The language of the page it is sent from (a hidden field, issue 39): English unless said. */
  locale: localeField,
});
