// The contact form's server side (spec "Contact", DECISIONS.md 13-14): the real validation, then
// the entry and its two emails in one transaction: all three are stored, or none.
import { desc } from "drizzle-orm";
import { business } from "../content/business";
import {
  type ContactField,
  type ContactReason,
  ContactSchema,
} from "../domain/contact/contact-schema";
import type { Database } from "./db/client.server";
import { contactEntries } from "./db/schema.server";
import { enqueueEmail } from "./email/outbox.server";
import { contactConfirmationEmail, contactNoticeEmail } from "./email/templates.server";

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export type SubmitContactResult =
  | { ok: true; id: string }
  | { ok: false; fieldErrors: ContactFieldErrors };

export interface ContactEntry {
  id: string;
  name: string;
  email: string;
  reason: ContactReason;
  message: string;
  createdAt: Date;
}

const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "reason", "message"];

/**
 * Validates `input` (form values, untrusted) and stores it with a confirmation to the sender and
 * a notice to the salon in the outbox. Invalid input writes nothing. After `ok`, kick the email
 * worker so the emails leave now rather than at its next poll.
 */
export async function submitContactEntry(
  db: Database,
  input: unknown,
  options: { now?: Date } = {},
): Promise<SubmitContactResult> {
  const parsed = ContactSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: ContactFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && isContactField(field)) {
        // A missing or non-text value reads as an empty field, as the form shows it.
        const message =
          issue.code === "invalid_type" && field !== "reason" ? "Required" : issue.message;
        fieldErrors[field] ??= message;
      } else if (issue.path.length === 0) {
        // Not an object at all: every field is missing.
        for (const name of CONTACT_FIELDS) fieldErrors[name] ??= "Required";
      }
    }
    return { ok: false, fieldErrors };
  }
  const values = parsed.data;
  const createdAt = options.now ?? new Date();
  const entry = { ...values, createdAt };
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactEntries)
      .values(entry)
      .returning({ id: contactEntries.id });
    if (!row) throw new Error("Storing a contact entry returned no row.");
    const confirmation = contactConfirmationEmail(entry);
    await enqueueEmail(tx, { to: values.email, ...confirmation }, { now: createdAt });
    const notice = contactNoticeEmail(entry);
    await enqueueEmail(
      tx,
      { to: business.email, replyTo: values.email, ...notice },
      { now: createdAt },
    );
    return row.id;
  });
  return { ok: true, id };
}

/** The entries, newest first (the dashboard's "Contact Entries"); all unless `limit` is given. */
export async function listContactEntries(
  db: Database,
  options: { limit?: number } = {},
): Promise<ContactEntry[]> {
  const query = db
    .select()
    .from(contactEntries)
    .orderBy(desc(contactEntries.createdAt), desc(contactEntries.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}

function isContactField(value: string): value is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(value);
}
