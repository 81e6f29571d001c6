// The contact form's server side (spec "Contact", docs/product.md#email-outbox, docs/product.md#email-content): the real validation, then
// the entry and its two emails in one transaction: all three are stored, or none.
import { count, desc, eq } from "drizzle-orm";
import {
  type ContactField,
  type ContactReason,
  ContactSchema,
} from "../../domain/contact/contact-schema";
import type { Locale } from "../../domain/i18n/locale";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { contactEntries } from "../db/schema.server";
import { enqueueEmail } from "../email/outbox.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { contactConfirmationEmail, contactNoticeEmail } from "./contact-emails.server";

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

type SubmitContactResult =
  | { ok: true; id: string }
  | { ok: false; fieldErrors: ContactFieldErrors };

interface ContactEntry {
  id: string;
  name: string;
  email: string;
  reason: ContactReason;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
  handledBy: string | null;
  /** The language of the page it was sent from (issue 39). */
  language: Locale;
}

/**
 * Validates `input` (form values, untrusted) and stores it with a confirmation to the sender and
 * a notice to the salon in the outbox. Invalid input writes nothing. After `ok`, kick the email
 * technician so the emails leave now rather than at its next poll.
 */
export async function submitContactEntry(
  db: Database,
  input: unknown,
  options: { now?: Date } = {},
): Promise<SubmitContactResult> {
  // Not an object at all: every field is missing.
  const parsed = ContactSchema.safeParse(typeof input === "object" && input !== null ? input : {});
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const { locale, ...values } = parsed.data;
  const createdAt = options.now ?? new Date();
  const entry = { ...values, createdAt };
  // Read before the transaction: the emails carry the details as the owner keeps them now.
  const salon = (await readSalonFacts(db)).details;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactEntries)
      .values({ ...entry, language: locale })
      .returning({ id: contactEntries.id });
    if (!row) throw new Error("Storing a contact entry returned no row.");
    const confirmation = contactConfirmationEmail(entry, salon, locale);
    // Anyone can type any address here: the confirmation is paced per address.
    await enqueueEmail(tx, { to: values.email, ...confirmation }, { now: createdAt, paced: true });
    const notice = contactNoticeEmail(entry, salon);
    await enqueueEmail(
      tx,
      { to: salon.email, replyTo: values.email, ...notice },
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

/** Entries per page of the dashboard's 'Contact Entries'. */
const CONTACT_PAGE_SIZE = 50;

/**
 * One page of the entries, newest first (`page` from 1; past the last, the last), with how many
 * pages there are.
 */
export async function listContactEntriesPage(
  db: Database,
  page: number,
): Promise<{ entries: ContactEntry[]; page: number; pages: number; total: number }> {
  const [row] = await db.select({ total: count() }).from(contactEntries);
  const total = row?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const entries = await db
    .select()
    .from(contactEntries)
    .orderBy(desc(contactEntries.createdAt), desc(contactEntries.id))
    .limit(CONTACT_PAGE_SIZE)
    .offset((current - 1) * CONTACT_PAGE_SIZE);
  return { entries, page: current, pages, total };
}

/** 'Mark Handled' (by whom, when), or back to open with `handled` false. False: no such entry. */
export async function markContactHandled(
  db: Database,
  id: string | undefined,
  handled: { by: string; now?: Date } | false,
): Promise<{ name: string } | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .update(contactEntries)
    .set(
      handled
        ? { handledAt: handled.now ?? new Date(), handledBy: handled.by }
        : { handledAt: null, handledBy: null },
    )
    .where(eq(contactEntries.id, id))
    .returning({ name: contactEntries.name });
  return rows[0] ?? null;
}

/**
 * 'Delete' (a privacy request): the entry goes for good. The emails it caused stay in the outbox,
 * as sent mail stays in a mailbox. Null: no such entry.
 */
export async function deleteContactEntry(
  db: Database,
  id: string | undefined,
): Promise<{ name: string } | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .delete(contactEntries)
    .where(eq(contactEntries.id, id))
    .returning({ name: contactEntries.name });
  return rows[0] ?? null;
}
