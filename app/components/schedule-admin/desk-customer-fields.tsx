import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import { LOCALES } from "~/domain/i18n/locale";
import { LANGUAGE_NAMES } from "~/domain/i18n/localized-text";
import { displayPhone } from "~/domain/phone-display";
import type { CustomerLookupAnswer, CustomerSuggestion } from "~/services/staff/customers.server";

type CustomerField = "name" | "email" | "phone";

const FIELDS: readonly [CustomerField, string, string, number][] = [
  ["name", "Name", "text", 100],
  ["email", "Email", "email", 254],
  ["phone", "Phone", "tel", 30],
];

/** Typed this long (or with this many digits), a field looks up existing customers. */
const LOOKUP_FROM = 2;
/** The pause after a keystroke before the lookup: one request per word, not per letter. */
const LOOKUP_DELAY_MS = 250;

interface DeskCustomerFieldsProps {
  /** The id, name and validity attributes of a field (its id is the dialog's prefix + name). */
  attrs(name: string): Record<string, unknown> & { id: string };
  error(name: string): ReactNode;
  /** "Enter an email or a phone number.", when both were left empty (said once, beside both). */
  contactError: string | undefined;
}

/**
 * 'Name', 'Email', 'Phone' and 'Language' of 'Add Appointment' (docs/product.md#front-desk): what is typed in
 * any of them lists the matching customers under 'Existing customers' (asked of
 * /scheduleadmin/customers); choosing one fills all three.
 */
export function DeskCustomerFields({ attrs, error, contactError }: DeskCustomerFieldsProps) {
  const [values, setValues] = useState({ name: "", email: "", phone: "" });
  const lookup = useCustomerLookup();
  const nameInput = useRef<HTMLInputElement>(null);

  function choose(customer: CustomerSuggestion) {
    setValues({
      name: customer.name,
      email: customer.email ?? "",
      phone: customer.phone ? displayPhone(customer.phone) : "",
    });
    lookup.clear();
    nameInput.current?.focus();
  }

  const contactAttrs = (name: CustomerField) => {
    const own = attrs(name);
    if (!contactError || name === "name") return own;
    const describedBy = [own["aria-describedby"], "add-contact-error"].filter(Boolean).join(" ");
    return { ...own, "aria-invalid": true, "aria-describedby": describedBy };
  };

  // The suggestions come right after 'Name', in the Tab order too (issue 38): the desk types a
  // name, and the next Tab reaches the customer already known.
  return (
    <>
      {FIELDS.map(([name, label, type, maxLength]) => (
        <Fragment key={name}>
          <div className="field">
            <label htmlFor={`add-${name}`}>{label}</label>
            <input
              {...contactAttrs(name)}
              ref={name === "name" ? nameInput : undefined}
              type={type}
              maxLength={maxLength}
              autoComplete="off"
              value={values[name]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [name]: value }));
                lookup.typed(value);
              }}
            />
            {error(name)}
          </div>
          {name === "name" ? (
            <ExistingCustomers customers={lookup.customers} onChoose={choose} />
          ) : null}
        </Fragment>
      ))}
      {contactError ? (
        <p className="field__error add-form__contact" id="add-contact-error">
          {contactError}
        </p>
      ) : null}
      {/* The caller's language (issue 39): her emails about the visit are written in it. */}
      <div className="field">
        <label htmlFor="add-locale">Language</label>
        <select {...attrs("locale")} defaultValue="en">
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </select>
        {error("locale")}
      </div>
    </>
  );
}

/**
 * The customers matching the last thing typed, looked up after a pause. A plain fetch, not a
 * fetcher: the page's own changes neither wait for it nor load it again.
 */
function useCustomerLookup() {
  const [query, setQuery] = useState("");
  const [cleared, setCleared] = useState(true);
  const [customers, setCustomers] = useState<CustomerSuggestion[]>([]);
  useEffect(() => {
    if (cleared) return;
    const aborted = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(
          `/scheduleadmin/customers?${new URLSearchParams({ q: query })}`,
          { signal: aborted.signal, headers: { Accept: "application/json" } },
        );
        const answer = (await response.json()) as CustomerLookupAnswer;
        setCustomers(answer.ok ? answer.customers : []);
      } catch {
        // Aborted by the next keystroke, or offline: the fields still work without the list.
      }
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      aborted.abort();
    };
  }, [query, cleared]);
  return {
    customers: cleared ? [] : customers,
    typed(value: string) {
      const text = value.trim();
      const long = text.length >= LOOKUP_FROM || text.replace(/\D/g, "").length >= 3;
      setQuery(text);
      setCleared(!long);
    },
    clear() {
      setCleared(true);
    },
  };
}

/** 'Existing customers': one button per match, in the Tab order right after 'Name'. */
function ExistingCustomers(props: {
  customers: CustomerSuggestion[];
  onChoose(customer: CustomerSuggestion): void;
}) {
  const { customers, onChoose } = props;
  return (
    <div className="existing-customers">
      <p className="visually-hidden" role="status">
        {customers.length > 0
          ? `${customers.length} existing ${customers.length === 1 ? "customer matches" : "customers match"}.`
          : ""}
      </p>
      {customers.length > 0 ? (
        <>
          <h3 id="add-existing-title">Existing customers</h3>
          <ul aria-labelledby="add-existing-title">
            {customers.map((customer) => (
              <li key={customer.key}>
                <button
                  type="button"
                  className="existing-customers__choice"
                  onClick={() => onChoose(customer)}
                >
                  <span className="existing-customers__name">{customer.name}</span>
                  <span className="existing-customers__meta">
                    {[customer.email, customer.phone ? displayPhone(customer.phone) : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
