// The contact form's POST, shared by /contact's action (the form without JavaScript) and
// /contact/send (the contact island's fetch, answered as JSON): one rate limit, one set of
// answers. The HTTP of it (statuses, Retry-After) is here, beside the routes; storing the message
// and its emails is the service's (submitContactEntry answers with a value).

import type { RouterContextProvider } from "react-router";
import {
  CONTACT_LIMITS,
  CONTACT_REASONS,
  type ContactField,
} from "~/domain/contact/contact-fields";
import { withPageLocale } from "~/domain/i18n/locale-path";
import { z } from "~/domain/zod";
import { retryAfter } from "~/lib/retry-after";
import { type ContactFieldErrors, submitContactEntry } from "~/services/contact/contact.server";
import { formText, parseForm, readForm, textFields } from "~/services/platform/form.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";

// Generous for people (a visitor rarely writes twice), tight enough to stop a flood.
const CONTACT_LIMIT = RATE_LIMITS.contact;

/** The answer's body; app/components/contact-form.tsx reads it as it is. */
export type ContactAnswer =
  | { ok: true }
  | {
      ok: false;
      fieldErrors?: ContactFieldErrors;
      formError?: string;
      /** What was sent, for the page without JavaScript to show again (the island keeps it). */
      values?: Partial<Record<ContactField, string>>;
    };

interface ContactAttempt {
  status: number;
  headers?: Record<string, string>;
  body: ContactAnswer;
  /** A refused attempt's form: the page's own action gives its values back. */
  form?: FormData;
}

/**
 * The contact form's fields, its honeypot, `website`, and its page's language, `locale` (a hidden
 * field of the Spanish page, issue 39); submitContactEntry checks them.
 */
const ContactForm = textFields("name", "email", "reason", "message", "website", "locale");

/** A field of a refused form to show again, as long as the form's field allows. */
const echo = (max: number) => formText.transform((value) => value?.slice(0, max) ?? "");

const RefusedForm = z.object({
  name: echo(CONTACT_LIMITS.name),
  email: echo(CONTACT_LIMITS.email),
  // A reason only if one of ours.
  reason: formText.transform((value) => CONTACT_REASONS.find((reason) => reason === value) ?? ""),
  message: echo(CONTACT_LIMITS.message),
});

/** The fields of a refused form, as long as the form's fields allow; a reason only if one of ours. */
export function contactValuesOf(form: FormData): Partial<Record<ContactField, string>> {
  const read = parseForm(form, RefusedForm);
  return read.ok ? read.data : {};
}

export async function attemptContact(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ContactAttempt> {
  const form = await readForm(request);
  if (!form) return { status: 400, body: { ok: false, formError: "The form could not be read." } };
  const read = parseForm(withPageLocale(form, request), ContactForm);
  if (!read.ok) return { status: 400, body: { ok: false, fieldErrors: read.fieldErrors }, form };
  const { website, ...fields } = read.data;
  // Honeypot: people never fill it. Bots get a quiet "thank you" and nothing is stored.
  if (website) return { status: 200, body: { ok: true } };
  const limit = await hitRateLimit(context.db, `contact:${context.clientAddress}`, CONTACT_LIMIT);
  if (!limit.allowed) {
    return {
      status: 429,
      headers: { "Retry-After": retryAfter(limit.retryAfterMs) },
      body: {
        ok: false,
        formError: "You have sent several messages in a short time. Please try again later.",
      },
      form,
    };
  }
  const result = await submitContactEntry(context.db, fields);
  if (!result.ok) {
    return { status: 400, body: { ok: false, fieldErrors: result.fieldErrors }, form };
  }
  context.kickEmail();
  return { status: 200, body: { ok: true } };
}
