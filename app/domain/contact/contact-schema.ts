import { z } from "../zod";

export const CONTACT_REASONS = ["Question", "Comment", "Concern"] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, message: 2000 } as const;

const required = (max: number) =>
  z.string().trim().min(1, "Required").max(max, `At most ${max} characters`);

/** The contact form: the browser's hints and the server's real check (spec section 5). */
export const ContactSchema = z.object({
  name: required(CONTACT_LIMITS.name),
  email: required(CONTACT_LIMITS.email).pipe(z.email("Enter a valid email address")),
  reason: z.enum(CONTACT_REASONS, "Choose a reason"),
  message: required(CONTACT_LIMITS.message),
});

export type ContactInput = z.infer<typeof ContactSchema>;
export type ContactField = keyof ContactInput;

/** Fields left empty, as the spec checks before sending (red borders, no text). */
export function emptyContactFields(values: Record<ContactField, string>): ContactField[] {
  return (Object.keys(values) as ContactField[]).filter((field) => values[field].trim() === "");
}
