import { type FormEvent, type RefObject, useRef, useState } from "react";
import {
  CONTACT_LIMITS,
  CONTACT_REASONS,
  type ContactField,
  emptyContactFields,
} from "~/domain/contact/contact-fields";
import type { Locale } from "~/domain/i18n/locale";
import { LocaleProvider, useLocale } from "~/lib/i18n";
import { postForm } from "~/lib/post-form";
import { m } from "~/paraglide/messages.js";
import type { ContactAnswer } from "~/routes/contact-send.server";
import { Field } from "./field";
import { OverlayProvider, useOverlay } from "./overlays";

interface ContactIslandProps {
  /** The answer to a post made without JavaScript (the page shows it), else null. */
  answer: ContactAnswer | null;
  /** The page's language (/contact or /es/contact): the island provides it (app/lib/i18n.ts). */
  locale: Locale;
}

const REASON_NAMES = {
  Question: m.contact_reason_question,
  Comment: m.contact_reason_comment,
  Concern: m.contact_reason_concern,
} as const;

/**
 * /contact's island (app/islands/contact-island.tsx): React runs the form on its own, with the global
 * overlays of the spec's "Shared behaviour".
 */
export function ContactIsland(props: ContactIslandProps) {
  return (
    <LocaleProvider value={props.locale}>
      <OverlayProvider>
        <ContactForm {...props} />
      </OverlayProvider>
    </LocaleProvider>
  );
}

const FIELDS = ["name", "email", "reason", "message"] as const satisfies readonly ContactField[];

/** Where the island sends: /contact's attempt, answered as JSON (app/routes/contact-send.ts). */
const SEND_URL = "/contact/send";

/**
 * The 'Contact Us' form (spec: Contact; section 4 'Contact form'). Empty fields are
 * marked and nothing is sent; on success the overlay shows 3 s and the form clears;
 * on failure the overlay shows 3 s and what the visitor typed stays.
 */
function ContactForm({ answer }: ContactIslandProps) {
  const form = useRef<HTMLFormElement>(null);
  const { onSubmit, result, sent, invalid, serverErrors } = useContactSend(form, answer);
  // Refused without JavaScript: the page shows what was sent again.
  const sentBefore = answer && !answer.ok ? (answer.values ?? {}) : {};
  const locale = useLocale();

  return (
    <form method="post" ref={form} className="form" noValidate onSubmit={onSubmit}>
      <h2 id="contact-form-title">{m.nav_contact_us({}, { locale })}</h2>
      {/* Spam trap: people never see or fill this field (see the contact action). */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">{m.contact_website({}, { locale })}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <ContactFormFields invalid={invalid} serverErrors={serverErrors} sentBefore={sentBefore} />
      <button type="submit" className="button">
        {m.contact_send({}, { locale })}
      </button>
      {result && !result.ok && result.formError ? (
        <p className="field__error" role="alert">
          {result.formError}
        </p>
      ) : null}
      {sent ? (
        <p className="form__note" role="status">
          {m.contact_sent({}, { locale })}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Sending the form without leaving the page: the empty fields marked first, nothing sent twice,
 * and on success the fields cleared.
 */
function useContactSend(form: RefObject<HTMLFormElement | null>, answer: ContactAnswer | null) {
  const overlay = useOverlay();
  const locale = useLocale();
  const [emptyFields, setEmptyFields] = useState<ContactField[]>([]);
  const sending = useRef(false);
  const [result, setResult] = useState(answer);
  const [sent, setSent] = useState(answer?.ok === true);
  const serverErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the message is sent without leaving the page; without, the page posts.
    event.preventDefault();
    if (sending.current) return;
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      FIELDS.map((key) => [key, String(data.get(key) ?? "")]),
    ) as Record<ContactField, string>;
    const empty = emptyContactFields(values);
    setEmptyFields(empty);
    if (empty.length > 0) {
      form.current?.querySelector<HTMLElement>(`[name="${empty[0]}"]`)?.focus();
      return;
    }
    sending.current = true;
    setSent(false);
    overlay.showLoading();
    const reply = await postForm(SEND_URL, data, { locale });
    sending.current = false;
    // No answer (offline) is a failure, and what the visitor typed stays.
    setResult(reply ?? { ok: false });
    if (reply?.ok) {
      // Cleared by hand, not reset(): a page without JavaScript may have given the fields defaults.
      for (const name of FIELDS) {
        const field = form.current?.elements.namedItem(name);
        if (field && "value" in field) field.value = "";
      }
      setSent(true);
      void overlay.flashSuccess();
    } else {
      void overlay.flashFailure();
    }
  }

  const invalid = (field: ContactField) => emptyFields.includes(field) || field in serverErrors;
  return { onSubmit, result, sent, invalid, serverErrors };
}

interface ContactFormFieldsProps {
  invalid(field: ContactField): boolean;
  serverErrors: Partial<Record<ContactField, string>>;
  /** What a post refused without JavaScript sent: the fields start with it. */
  sentBefore: Partial<Record<ContactField, string>>;
}

/** Name, Email, Reason and Message, each marked when empty or refused. */
function ContactFormFields({ invalid, serverErrors, sentBefore }: ContactFormFieldsProps) {
  const describedBy = (field: ContactField) =>
    serverErrors[field] ? `contact-${field}-error` : undefined;
  const locale = useLocale();
  return (
    <>
      <Field
        id="contact-name"
        label={m.booking_name({}, { locale })}
        invalid={invalid("name")}
        error={serverErrors.name}
      >
        <input
          id="contact-name"
          name="name"
          type="text"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          defaultValue={sentBefore.name}
          required
          aria-invalid={invalid("name") || undefined}
          aria-describedby={describedBy("name")}
        />
      </Field>
      <Field
        id="contact-email"
        label={m.booking_email({}, { locale })}
        invalid={invalid("email")}
        error={serverErrors.email}
      >
        <input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          defaultValue={sentBefore.email}
          required
          aria-invalid={invalid("email") || undefined}
          aria-describedby={describedBy("email")}
        />
      </Field>
      <Field
        id="contact-reason"
        label={m.contact_reason({}, { locale })}
        invalid={invalid("reason")}
        error={serverErrors.reason}
      >
        <select
          id="contact-reason"
          name="reason"
          required
          defaultValue={sentBefore.reason ?? ""}
          aria-invalid={invalid("reason") || undefined}
          aria-describedby={describedBy("reason")}
        >
          <option value="" disabled>
            {m.contact_choose_reason({}, { locale })}
          </option>
          {CONTACT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REASON_NAMES[reason]({}, { locale })}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="contact-message"
        label={m.contact_message({}, { locale })}
        invalid={invalid("message")}
        error={serverErrors.message}
      >
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          defaultValue={sentBefore.message}
          required
          aria-invalid={invalid("message") || undefined}
          aria-describedby={describedBy("message")}
        />
      </Field>
    </>
  );
}
