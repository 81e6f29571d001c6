import type { ReactNode } from "react";
import type { StaffAppointmentTypeView } from "~/services/salon/appointment-type-admin.server";
import type { TypeControl } from "./use-type-form";

// The type form's own fields (spec section 4 "Admin type forms"): the required text fields, then
// the buffer and the two flags. Each control's marks come from `control` (use-type-form.ts).

interface TypeFieldsProps {
  prefix: string;
  /** The type edited; none for a new one. */
  type: StaffAppointmentTypeView | undefined;
  errors: Record<string, string>;
  control: TypeControl;
}

/** Type, Category, Start, End, Duration, Price and Description: all required; their Spanish optional. */
export function TypeTextFields({ prefix, type, errors, control }: TypeFieldsProps) {
  return (
    <>
      <TypeField prefix={prefix} name="type" label="Type" error={errors.type} wide>
        <input
          {...control("type")}
          type="text"
          maxLength={80}
          autoComplete="off"
          defaultValue={type?.type}
        />
      </TypeField>
      <TypeField
        prefix={prefix}
        name="typeEs"
        label="Type (Spanish)"
        hint="Optional: the Spanish pages show the English name without it."
        error={errors.typeEs}
        wide
      >
        <input
          {...control("typeEs", true)}
          type="text"
          lang="es"
          maxLength={80}
          autoComplete="off"
          defaultValue={type?.typeEs}
        />
      </TypeField>
      <TypeField prefix={prefix} name="category" label="Category" error={errors.category} wide>
        <input
          {...control("category")}
          type="text"
          maxLength={60}
          autoComplete="off"
          defaultValue={type?.category}
        />
      </TypeField>
      <TypeField prefix={prefix} name="startTime" label="Start" error={errors.startTime}>
        <input {...control("startTime")} type="time" defaultValue={type?.startTime} />
      </TypeField>
      <TypeField prefix={prefix} name="endTime" label="End" error={errors.endTime}>
        <input {...control("endTime")} type="time" defaultValue={type?.endTime} />
      </TypeField>
      <DurationAndPrice prefix={prefix} type={type} errors={errors} control={control} />
      <TypeField
        prefix={prefix}
        name="description"
        label="Description"
        error={errors.description}
        full
      >
        <textarea
          {...control("description")}
          rows={3}
          maxLength={1000}
          defaultValue={type?.description}
        />
      </TypeField>
      <TypeField
        prefix={prefix}
        name="descriptionEs"
        label="Description (Spanish)"
        hint="Optional: the Spanish pages show the English description without it."
        error={errors.descriptionEs}
        full
      >
        <textarea
          {...control("descriptionEs", true)}
          lang="es"
          rows={3}
          maxLength={1000}
          defaultValue={type?.descriptionEs}
        />
      </TypeField>
    </>
  );
}

/** Duration and Price, each with the form it takes said under it. */
function DurationAndPrice({ prefix, type, errors, control }: TypeFieldsProps) {
  return (
    <>
      <TypeField
        prefix={prefix}
        name="durationMin"
        label="Duration"
        hint="In minutes, in steps of 5 (at most 480)."
        error={errors.durationMin}
      >
        <input
          {...control("durationMin", true)}
          type="text"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          defaultValue={type?.durationMin}
        />
      </TypeField>
      <TypeField
        prefix={prefix}
        name="price"
        label="Price"
        hint="Like $50, $50+ or $45.50."
        error={errors.price}
      >
        <input
          {...control("price", true)}
          type="text"
          maxLength={12}
          autoComplete="off"
          defaultValue={type?.price}
        />
      </TypeField>
    </>
  );
}

/** The optional part: the buffer after the service, and whether it is an add-on or side by side. */
export function BufferAndFlags({ prefix, type, errors, control }: TypeFieldsProps) {
  return (
    <>
      <TypeField
        prefix={prefix}
        name="bufferMin"
        label="Buffer minutes"
        hint="Kept free after the service, to clean the station (steps of 5, empty for none)."
        error={errors.bufferMin}
      >
        <input
          {...control("bufferMin", true)}
          type="text"
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
          defaultValue={type?.bufferMin || ""}
        />
      </TypeField>
      <div className="field type-form__flags type-form__wide">
        <label className="type-form__flag">
          <input
            type="checkbox"
            name="addOn"
            defaultChecked={type?.addOn ?? false}
            aria-describedby={`${prefix}-addOn-hint`}
          />
          Add-on
        </label>
        <p className="field__hint" id={`${prefix}-addOn-hint`}>
          Also offered with a service, done after it by the same technician.
        </p>
        <label className="type-form__flag">
          <input
            type="checkbox"
            name="sideBySide"
            defaultChecked={type?.sideBySide ?? false}
            aria-describedby={`${prefix}-sideBySide-hint`}
          />
          Side by side
        </label>
        <p className="field__hint" id={`${prefix}-sideBySide-hint`}>
          In a visit, may be done at the same time as another such service, by another technician.
        </p>
      </div>
    </>
  );
}

interface TypeFieldProps {
  prefix: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  /** Half the row on wide screens, or the whole row. */
  wide?: boolean;
  full?: boolean;
  children: ReactNode;
}

function TypeField({ prefix, name, label, hint, error, wide, full, children }: TypeFieldProps) {
  const size = full ? " type-form__full" : wide ? " type-form__wide" : "";
  return (
    <div className={`field${size}`}>
      <label htmlFor={`${prefix}-${name}`}>{label}</label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${prefix}-${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${prefix}-${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
