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
  return (
    <noscript>
      <style>{".booking__form:not(.booking__form--plain) { display: none; }"}</style>
      <form
        method="get"
        action="/schedule#times-title"
        className="form booking__form booking__form--plain"
      >
        <h2 className="visually-hidden">Find a time</h2>
        <Field id="plain-date" label="Date">
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
        <Field id="plain-service" label="Service">
          <select id="plain-service" name="service" required defaultValue={data.query.service}>
            <option value="">Choose a service</option>
            {categories.map((category) => (
              <optgroup key={category} label={category}>
                {data.types
                  .filter((type) => type.category === category)
                  .map((type) => (
                    <option key={type.id} value={type.id}>
                      {`${type.type} (${type.durationMin} min, ${type.price})`}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field id="plain-technician" label="Worker">
          <select
            id="plain-technician"
            name="technician"
            defaultValue={data.query.technician || ANY}
            aria-describedby={chosen ? undefined : "plain-technician-hint"}
          >
            <option value={ANY}>Any available</option>
            {technicians.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {chosen ? null : (
            <p id="plain-technician-hint" className="plain-hint">
              The service's technicians are listed with its times.
            </p>
          )}
        </Field>
        <VisitTotal types={data.types} items={data.items} />
        <button type="submit" className="button">
          Get Available Times
        </button>
      </form>
    </noscript>
  );
}
