// The contact form's fields and limits, without the validation library: the browser's form
// imports this, so zod stays on the server (contact-schema.ts checks submissions there).

export const CONTACT_REASONS = ["Question", "Comment", "Concern"] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, message: 2000 } as const;

export type ContactField = "name" | "email" | "reason" | "message";

/** Fields left empty, as the spec checks before sending (red borders, no text). */
export function emptyContactFields(values: Record<ContactField, string>): ContactField[] {
  return (Object.keys(values) as ContactField[]).filter((field) => values[field].trim() === "");
}
