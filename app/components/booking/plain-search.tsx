import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import { Field } from "../field";
import type { BookingPageData } from "./booking-types";
import { techniciansFor, VisitTotal } from "./visit-total";

const ANY = "any";

/**
 * Without JavaScript the form above cannot list a day's categories and services as a date is
 * chosen: this plain form, in its place, asks for the date and any service at once (the server
 * says if that service is not offered that day). Browsers running scripts ignore it.
 */
export function PlainSearch({ data }: { data: BookingPageData }) {
  const categories = [...new Set(data.types.map((type) => type.category))];
  // Only the technicians of the service the address names (its 'Book' link, or a search): with
  // none named yet, any available, so no one offered is refused for not doing the service.
  const chosen = data.types.find((type) => type.id === data.query.service);
  const technicians = techniciansFor(chosen, data.items[0]?.addOnIds ?? [], data.types);
  const locale = useLocale();
  return (
    <noscript>
      <style>{".booking__form:not(.booking__form--plain) { display: none; }"}</style>
      <form
        method="get"
        action={localizedPath("/schedule#times-title", locale)}
        className="form booking__form booking__form--plain"
      >
        <h2 className="visually-hidden">{m.booking_find_time({}, { locale })}</h2>
        <Field id="plain-date" label={m.booking_date({}, { locale })}>
          <input
            id="plain-date"
            name="date"
            type="date"
            required
            min={data.today}
            max={data.lastDay}
            defaultValue={data.query.date}
          />
        </Field>
        <Field id="plain-service" label={m.booking_service({}, { locale })}>
          <select id="plain-service" name="service" required defaultValue={data.query.service}>
            <option value="">{m.booking_choose_service({}, { locale })}</option>
            {categories.map((category) => (
              <optgroup key={category} label={category}>
                {data.types
                  .filter((type) => type.category === category)
                  .map((type) => (
                    <option key={type.id} value={type.id}>
                      {`${type.type} (${m.services_minutes({ minutes: type.durationMin }, { locale })}, ${type.price})`}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field id="plain-technician" label={m.booking_technician({}, { locale })}>
          <select
            id="plain-technician"
            name="technician"
            defaultValue={data.query.technician || ANY}
            aria-describedby={chosen ? undefined : "plain-technician-hint"}
          >
            <option value={ANY}>{m.booking_any({}, { locale })}</option>
            {technicians.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {chosen ? null : (
            <p id="plain-technician-hint" className="plain-hint">
              {m.booking_technicians_later({}, { locale })}
            </p>
          )}
        </Field>
        <VisitTotal types={data.types} items={data.items} />
        <button type="submit" className="button">
          {m.booking_get_times({}, { locale })}
        </button>
      </form>
    </noscript>
  );
}
