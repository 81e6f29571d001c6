import { type FormEvent, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import {
  CONTACT_LIMITS,
  CONTACT_REASONS,
  type ContactField,
  emptyContactFields,
} from "~/domain/contact/contact-fields";
import { Field } from "./field";
import { useOverlay } from "./overlays";

export type ContactActionResult =
  | { ok: true }
  | { ok: false; fieldErrors?: Partial<Record<ContactField, string>>; formError?: string };

/**
 * The 'Contact Us' form (spec: Contact; section 4 'Contact form'). Empty fields are
 * marked and nothing is sent; on success the overlay shows 3 s and the form clears;
 * on failure the overlay shows 3 s and what the visitor typed stays.
 */
export function ContactForm() {
  const fetcher = useFetcher<ContactActionResult>();
  const overlay = useOverlay();
  const form = useRef<HTMLFormElement>(null);
  const [emptyFields, setEmptyFields] = useState<ContactField[]>([]);
  const submitted = useRef(false);
  // With JavaScript the fetcher posts; without it the page posts and gets the action's data.
  const actionData = useActionData<ContactActionResult>();
  const result = fetcher.data ?? actionData;
  const serverErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};

  useEffect(() => {
    if (fetcher.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    if (result?.ok) {
      form.current?.reset();
      void overlay.flashSuccess();
    } else {
      void overlay.flashFailure();
    }
  }, [fetcher.state, result, overlay]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      (["name", "email", "reason", "message"] as const).map((key) => [
        key,
        String(data.get(key) ?? ""),
      ]),
    ) as Record<ContactField, string>;
    const empty = emptyContactFields(values);
    setEmptyFields(empty);
    if (empty.length > 0) {
      event.preventDefault();
      form.current?.querySelector<HTMLElement>(`[name="${empty[0]}"]`)?.focus();
      return;
    }
    submitted.current = true;
    overlay.showLoading();
  }

  const invalid = (field: ContactField) => emptyFields.includes(field) || field in serverErrors;
  const describedBy = (field: ContactField) =>
    serverErrors[field] ? `contact-${field}-error` : undefined;

  return (
    <fetcher.Form method="post" ref={form} className="form" noValidate onSubmit={onSubmit}>
      <h2 id="contact-form-title">Contact Us</h2>
      {/* Spam trap: people never see or fill this field (see the contact action). */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Field id="contact-name" label="Name" invalid={invalid("name")} error={serverErrors.name}>
        <input
          id="contact-name"
          name="name"
          type="text"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          required
          aria-invalid={invalid("name") || undefined}
          aria-describedby={describedBy("name")}
        />
      </Field>
      <Field id="contact-email" label="Email" invalid={invalid("email")} error={serverErrors.email}>
        <input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          required
          aria-invalid={invalid("email") || undefined}
          aria-describedby={describedBy("email")}
        />
      </Field>
      <Field
        id="contact-reason"
        label="Reason"
        invalid={invalid("reason")}
        error={serverErrors.reason}
      >
        <select
          id="contact-reason"
          name="reason"
          required
          defaultValue=""
          aria-invalid={invalid("reason") || undefined}
          aria-describedby={describedBy("reason")}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {CONTACT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="contact-message"
        label="Message"
        invalid={invalid("message")}
        error={serverErrors.message}
      >
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          required
          aria-invalid={invalid("message") || undefined}
          aria-describedby={describedBy("message")}
        />
      </Field>
      <button type="submit" className="button">
        Send
      </button>
      {result && !result.ok && result.formError ? (
        <p className="field__error" role="alert">
          {result.formError}
        </p>
      ) : null}
      {result?.ok && fetcher.state === "idle" ? (
        <p className="form__note" role="status">
          Thank you. Your message has been sent; we will reply by email.
        </p>
      ) : null}
    </fetcher.Form>
  );
}
