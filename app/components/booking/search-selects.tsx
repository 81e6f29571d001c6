import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { Field } from "../field";
import { ANY } from "./use-visit-choices";

// The search form's 'Category', 'Service' and 'Worker' (spec "Schedule" steps 2 to 4): each
// lists what the choice before it allows, and says which choice comes first while it is empty.

interface CategorySelectProps {
  value: string;
  /** The date's categories, or every category before a date (the service may come first). */
  categories: readonly string[];
  invalid: boolean;
  onChange(category: string): void;
}

export function CategorySelect({ value, categories, invalid, onChange }: CategorySelectProps) {
  const locale = useLocale();
  return (
    <Field id="booking-category" label={m.booking_category({}, { locale })} invalid={invalid}>
      <select
        id="booking-category"
        name="category"
        required
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">{m.booking_choose_category({}, { locale })}</option>
        {categories.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );
}

interface ServiceSelectProps {
  value: string;
  services: readonly AppointmentTypeView[];
  /** A category is chosen: its services can be listed. */
  categorized: boolean;
  invalid: boolean;
  onChange(serviceId: string): void;
}

export function ServiceSelect({
  value,
  services,
  categorized,
  invalid,
  onChange,
}: ServiceSelectProps) {
  const locale = useLocale();
  return (
    <Field id="booking-service" label={m.booking_service({}, { locale })} invalid={invalid}>
      <select
        id="booking-service"
        name="service"
        required
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">
          {categorized
            ? m.booking_choose_service({}, { locale })
            : m.booking_choose_category_first({}, { locale })}
        </option>
        {services.map((type) => (
          <option key={type.id} value={type.id}>
            {type.type}
          </option>
        ))}
      </select>
      {/* The options keep the spec's names; each service's time and price, beside them. */}
      {categorized && services.length > 0 ? (
        <ul className="service-prices" aria-label={m.booking_prices({}, { locale })}>
          {services.map((type) => (
            <li key={type.id}>
              <span>{type.type}</span>{" "}
              <span className="service-prices__meta">
                {m.services_minutes({ minutes: type.durationMin }, { locale })} &middot;{" "}
                {type.price}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}

interface TechnicianSelectProps {
  value: string;
  technicians: readonly string[];
  onChange(technician: string): void;
}

export function TechnicianSelect({ value, technicians, onChange }: TechnicianSelectProps) {
  const locale = useLocale();
  return (
    <Field id="booking-technician" label={m.booking_technician({}, { locale })}>
      <select
        id="booking-technician"
        name="technician"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value={ANY}>{m.booking_any({}, { locale })}</option>
        {technicians.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );
}
