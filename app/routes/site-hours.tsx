import { data } from "react-router";
import { BookedOutside, bookedOutsideView } from "~/components/site/booked-outside";
import { SiteForm, type SiteFormResult } from "~/components/site/site-form";
import { WEEKDAYS, type Weekday } from "~/domain/booking/time-zone";
import { HOURS_FORM_FIELDS, hoursField, hoursFormOf } from "~/domain/salon/site-forms";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { staffContext } from "~/lib/staff-only.server";
import { readForm } from "~/services/platform/form.server";
import { saveHours } from "~/services/salon/details-form.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { bookedOutsideHours } from "~/services/salon/special-hours.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-hours";

// 'Opening Hours' (docs/product.md#opening-hours): owner only, by its handle's `access` (checked
// on the server before the loader and the action). The week the site shows and the booking engine offers; appointments
// already booked outside new hours stay booked and are listed for staff to call.

export const handle = {
  access: "owner",
  title: "Opening Hours",
  hydrate: true,
  styles: ["forms", "staff", "site-admin"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const facts = await readSalonFacts(context.db);
  return {
    values: hoursFormOf(facts.details.hours),
    outside: (await bookedOutsideHours(context.db, facts)).map(bookedOutsideView),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  if (!form)
    return data<SiteFormResult>({ ok: false, message: "The form could not be read." }, 400);
  const fields: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    for (const field of HOURS_FORM_FIELDS) {
      const value = form.get(hoursField(day, field));
      if (typeof value === "string") fields[hoursField(day, field)] = value;
    }
  }
  const result = await context.db.transaction(async (tx) => {
    const saved = await saveHours(tx, fields);
    if (saved.ok) await recordStaffAction(tx, user, saved.did);
    return saved;
  });
  if (result.ok) return data<SiteFormResult>({ ok: true });
  return data<SiteFormResult>(
    { ok: false, message: "Please check the marked fields.", fieldErrors: result.fieldErrors },
    400,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Opening Hours");

export default function SiteHours({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Site</p>
        <h1>Opening Hours</h1>
        <p className="lead">
          Your week: the site shows it and online booking offers times inside it. For a holiday or a
          shorter day, use Special Hours.
        </p>
      </header>
      <SiteForm
        submit="Save Hours"
        saved="Saved: the site and online booking use these hours now."
        className="hours-form"
        labelOf={hoursLabel}
      >
        {(errors) =>
          WEEKDAYS.map((day) => (
            <DayHours key={day} day={day} values={loaderData.values} errors={errors} />
          ))
        }
      </SiteForm>
      <BookedOutside appointments={loaderData.outside} />
    </>
  );
}

const TIME_LABELS = {
  opens: "opens",
  closes: "closes",
  opensAgain: "opens again",
  closesAgain: "closes again",
} as const;

/** "Monday closes": a time field's name ("monday-closes") as the error summary says it. */
function hoursLabel(name: string): string | undefined {
  for (const day of WEEKDAYS) {
    for (const [field, label] of Object.entries(TIME_LABELS)) {
      if (hoursField(day, field as keyof typeof TIME_LABELS) === name) return `${day} ${label}`;
    }
  }
  return undefined;
}

/** A weekday's row: closed, or its hours and an optional second range after a midday break. */
function DayHours({
  day,
  values,
  errors,
}: {
  day: Weekday;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const closedId = `site-${hoursField(day, "closed")}`;
  return (
    <fieldset className="hours-form__day">
      <legend>{day}</legend>
      <div className="hours-form__row">
        <div className="hours-form__closed">
          <input
            type="checkbox"
            id={closedId}
            name={hoursField(day, "closed")}
            defaultChecked={values[hoursField(day, "closed")] === "on"}
          />
          <label htmlFor={closedId}>
            <span className="visually-hidden">{day} </span>closed
          </label>
        </div>
        {(Object.keys(TIME_LABELS) as (keyof typeof TIME_LABELS)[]).map((field) => {
          const name = hoursField(day, field);
          const id = `site-${name}`;
          const error = errors[name];
          return (
            <div key={field} className="field" data-invalid={error ? true : undefined}>
              <label htmlFor={id}>
                <span className="visually-hidden">{day} </span>
                {TIME_LABELS[field]}
              </label>
              <input
                type="time"
                id={id}
                name={name}
                step={900}
                defaultValue={values[name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              {error ? (
                <p className="field__error" id={`${id}-error`}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
