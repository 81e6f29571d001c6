import { amountInput, formatPrice } from "~/domain/money";
import {
  type PaymentSettings,
  PROTECTION_KINDS,
  PROTECTION_LABELS,
  type ServiceProtection,
} from "~/domain/payments/payment-policy";
import { SiteForm } from "../site/site-form";

interface ServiceRow {
  typeId: string;
  name: string;
  priceCents: number;
  protection: ServiceProtection;
}

/** A deposit as its field shows it: "25", "25.50" or "20%". */
function depositValue(protection: ServiceProtection): string {
  if (protection.kind !== "deposit") return "";
  return protection.cents !== undefined ? amountInput(protection.cents) : `${protection.percent}%`;
}

/** A labelled number with its unit and its error (linked by aria-describedby). */
function PolicyField({
  name,
  label,
  unit,
  value,
  error,
}: {
  name: string;
  label: string;
  unit: string;
  value: number;
  error: string | undefined;
}) {
  const id = `payments-${name}`;
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        inputMode="numeric"
        defaultValue={String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-unit${error ? ` ${id}-error` : ""}`}
      />
      <p className="field__hint" id={`${id}-unit`}>
        {unit}
      </p>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One service's 'Protection' and, for a deposit, its amount or percentage. */
function ServiceProtectionFields({
  service,
  errors,
}: {
  service: ServiceRow;
  errors: Record<string, string>;
}) {
  const kindName = `protection-${service.typeId}`;
  const depositName = `deposit-${service.typeId}`;
  const kindError = errors[kindName];
  const depositError = errors[depositName];
  return (
    <fieldset className="payments-service">
      <legend>
        {service.name}{" "}
        <span className="payments-service__price">{formatPrice(service.priceCents)}</span>
      </legend>
      <div className="field" data-invalid={kindError ? true : undefined}>
        <label htmlFor={`payments-${kindName}`}>Protection</label>
        <select
          id={`payments-${kindName}`}
          name={kindName}
          defaultValue={service.protection.kind}
          aria-invalid={kindError ? true : undefined}
        >
          {PROTECTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {PROTECTION_LABELS[kind]}
            </option>
          ))}
        </select>
        {kindError ? <p className="field__error">{kindError}</p> : null}
      </div>
      <div
        className="field payments-service__deposit"
        data-invalid={depositError ? true : undefined}
      >
        <label htmlFor={`payments-${depositName}`}>Deposit</label>
        <input
          id={`payments-${depositName}`}
          name={depositName}
          defaultValue={depositValue(service.protection)}
          aria-invalid={depositError ? true : undefined}
          aria-describedby={`payments-${depositName}-hint${depositError ? ` payments-${depositName}-error` : ""}`}
        />
        <p className="field__hint" id={`payments-${depositName}-hint`}>
          An amount, like $25, or a percentage of the price, like 20%
        </p>
        {depositError ? (
          <p className="field__error" id={`payments-${depositName}-error`}>
            {depositError}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The Payments form: the policy's numbers, then each service's protection. */
export function PaymentSettingsForm({
  settings,
  services,
}: {
  settings: PaymentSettings;
  services: readonly ServiceRow[];
}) {
  return (
    <SiteForm submit="Save Payments" className="payments-form">
      {(errors) => (
        <>
          <h2>Cancellation policy</h2>
          <div className="payments-form__policy">
            <PolicyField
              name="cancellationWindowHours"
              label="Cancellation window"
              unit="hours before the appointment: free to move or cancel until then"
              value={settings.cancellationWindowHours}
              error={errors.cancellationWindowHours}
            />
            <PolicyField
              name="lateCancelFeePercent"
              label="Late cancellation fee"
              unit="% of the visit's price, for a cancellation inside the window"
              value={settings.lateCancelFeePercent}
              error={errors.lateCancelFeePercent}
            />
            <PolicyField
              name="noShowFeePercent"
              label="No-show fee"
              unit="% of the visit's price, when the customer does not come"
              value={settings.noShowFeePercent}
              error={errors.noShowFeePercent}
            />
          </div>
          <h2>Services</h2>
          <p className="form__note">
            A deposit is paid when the customer books and counts toward the visit and its fees. A
            card on file is kept for the fees; nothing is charged at booking.
          </p>
          <div className="payments-form__services">
            {services.map((service) => (
              <ServiceProtectionFields key={service.typeId} service={service} errors={errors} />
            ))}
          </div>
        </>
      )}
    </SiteForm>
  );
}
