import { MAX_VISIT_SERVICES } from "~/domain/booking/booking-limits";
import { type VisitRequestItem, visitField } from "~/domain/booking/visit-request";
import type { Locale } from "~/domain/i18n/locale";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { Field } from "../field";
import { techniciansFor } from "./visit-total";

// The visit's part of the booking form (docs/product.md#visits): the add-ons offered with a
// chosen service, and the second and third services, each with its own technician.

const ORDINALS = [m.ordinal_first, m.ordinal_second, m.ordinal_third] as const;

/** "Second" (or "Segundo"): the ordinal of the visit's service at `index`. */
function ordinalOf(index: number, locale: Locale): string {
  return (ORDINALS[index] ?? m.ordinal_other)({}, { locale });
}

/** Add-ons go with a service when one of its technicians does them, on the same day. */
function addOnsFor(
  service: AppointmentTypeView | undefined,
  offered: readonly AppointmentTypeView[],
): AppointmentTypeView[] {
  if (!service) return [];
  return offered.filter(
    (type) =>
      type.addOn &&
      type.id !== service.id &&
      type.technicians.some((technician) => service.technicians.includes(technician)),
  );
}

interface AddOnChoicesProps {
  index: number;
  service: AppointmentTypeView | undefined;
  offered: readonly AppointmentTypeView[];
  chosen: readonly string[];
  onChange(chosen: string[]): void;
}

/** 'Add-ons' for the item at `index`: checkboxes named `addon` (`addon2`, ...). */
function AddOnChoices({ index, service, offered, chosen, onChange }: AddOnChoicesProps) {
  const addOns = addOnsFor(service, offered);
  const locale = useLocale();
  if (addOns.length === 0) return null;
  return (
    <fieldset className="add-ons">
      <legend>
        {index === 0
          ? m.visit_addons({}, { locale })
          : m.visit_addons_for({ ordinal: ordinalOf(index, locale).toLowerCase() }, { locale })}
      </legend>
      <p className="add-ons__hint">{m.visit_addons_hint({}, { locale })}</p>
      <div className="add-ons__list">
        {addOns.map((addOn) => (
          <label key={addOn.id} className="add-ons__item">
            <input
              type="checkbox"
              name={visitField("addon", index)}
              value={addOn.id}
              checked={chosen.includes(addOn.id)}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? [...chosen, addOn.id]
                    : chosen.filter((id) => id !== addOn.id),
                )
              }
            />
            <span>
              {addOn.type}{" "}
              <span className="add-ons__meta">
                {m.visit_addon_meta({ minutes: addOn.durationMin, price: addOn.price }, { locale })}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface ExtraLine {
  service: string;
  technician: string;
  addOnIds: string[];
}

/**
 * The visit as chosen now, in the form online booking's address carries it (the front desk's
 * 'Add Appointment' asks its times the same way): the first service, then each other one chosen.
 */
export function visitItems(
  service: string,
  technician: string,
  addOnIds: string[],
  extra: readonly ExtraLine[],
): VisitRequestItem[] {
  if (!service) return [];
  return [
    { typeId: service, technician, addOnIds },
    ...extra
      .filter((line) => line.service)
      .map((line) => ({
        typeId: line.service,
        technician: line.technician,
        addOnIds: line.addOnIds,
      })),
  ];
}

interface ExtraServiceProps {
  /** 1 or 2: the second or third service. */
  index: number;
  line: ExtraLine;
  offered: readonly AppointmentTypeView[];
  onChange(line: ExtraLine): void;
  onRemove(): void;
}

/** The second or third service: any service offered that day, by category, and its technician. */
function ExtraService({ index, line, offered, onChange, onRemove }: ExtraServiceProps) {
  const locale = useLocale();
  const ordinal = ordinalOf(index, locale);
  // "Second service technician"; in Spanish the ordinal follows: "Profesional del segundo servicio".
  const technicianLabel = m.visit_technician_n(
    { ordinal: locale === "es" ? ordinal.toLowerCase() : ordinal },
    { locale },
  );
  const id = `booking-service-${index + 1}`;
  const selected = offered.find((type) => type.id === line.service);
  const categories = [...new Set(offered.map((type) => type.category))];
  return (
    <fieldset className="visit-line">
      <legend>{m.visit_service_n({ ordinal }, { locale })}</legend>
      <Field id={id} label={m.visit_service_n({ ordinal }, { locale })}>
        <select
          id={id}
          name={visitField("service", index)}
          value={line.service}
          onChange={(event) =>
            onChange({ service: event.currentTarget.value, technician: "any", addOnIds: [] })
          }
        >
          <option value="">{m.booking_choose_service({}, { locale })}</option>
          {categories.map((category) => (
            <optgroup key={category} label={category}>
              {offered
                .filter((type) => type.category === category)
                .map((type) => (
                  // Each with its time and price, as the form without JavaScript lists them
                  // (docs/product.md#services-prices-in-view).
                  <option key={type.id} value={type.id}>
                    {m.service_option(
                      { service: type.type, minutes: type.durationMin, price: type.price },
                      { locale },
                    )}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </Field>
      {selected ? (
        <p className="visit-line__meta">
          {m.services_minutes({ minutes: selected.durationMin }, { locale })} &middot;{" "}
          {selected.price}
        </p>
      ) : null}
      <Field id={`${id}-technician`} label={technicianLabel}>
        <select
          id={`${id}-technician`}
          name={visitField("technician", index)}
          value={line.technician}
          onChange={(event) => onChange({ ...line, technician: event.currentTarget.value })}
        >
          <option value="any">{m.booking_any({}, { locale })}</option>
          {techniciansFor(selected, line.addOnIds, offered).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <AddOnChoices
        index={index}
        service={selected}
        offered={offered}
        chosen={line.addOnIds}
        onChange={(addOnIds) =>
          onChange({
            ...line,
            addOnIds,
            // Add-ons are done by the service's technician: one who does not do them is let go.
            technician: techniciansFor(selected, addOnIds, offered).includes(line.technician)
              ? line.technician
              : "any",
          })
        }
      />
      <button type="button" className="button button--ghost button--small" onClick={onRemove}>
        {m.visit_remove({ ordinal: ordinal.toLowerCase() }, { locale })}
      </button>
    </fieldset>
  );
}

interface VisitChoicesProps {
  /** The first service, chosen by the spec's fields above. */
  service: AppointmentTypeView | undefined;
  offered: readonly AppointmentTypeView[];
  addOnIds: readonly string[];
  onAddOns(chosen: string[]): void;
  extra: readonly ExtraLine[];
  onExtra(lines: ExtraLine[]): void;
}

/** Under the first service: its add-ons, the other services, and 'Add Another Service'. */
export function VisitChoices(props: VisitChoicesProps) {
  const { service, offered, extra, onExtra } = props;
  const locale = useLocale();
  return (
    <>
      <AddOnChoices
        index={0}
        service={service}
        offered={offered}
        chosen={props.addOnIds}
        onChange={props.onAddOns}
      />
      {extra.map((line, index) => (
        <ExtraService
          // biome-ignore lint/suspicious/noArrayIndexKey: a line is its position (second, third).
          key={index}
          index={index + 1}
          line={line}
          offered={offered}
          onChange={(changed) =>
            onExtra(extra.map((other, at) => (at === index ? changed : other)))
          }
          onRemove={() => onExtra(extra.filter((_, at) => at !== index))}
        />
      ))}
      {service && extra.length < MAX_VISIT_SERVICES - 1 ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onExtra([...extra, { service: "", technician: "any", addOnIds: [] }])}
        >
          {m.visit_add_another({}, { locale })}
        </button>
      ) : null}
    </>
  );
}
