import { data } from "react-router";
import { SiteForm, type SiteFormResult, SiteInput } from "~/components/site/site-form";
import { DETAILS_FIELDS, type DetailsField, detailsFormOf } from "~/domain/salon/site-forms";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { staffContext } from "~/lib/staff-only.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { saveDetails } from "~/services/salon/details-form.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-details";

// 'Business Details' (docs/product.md#business-details): owner only, by its handle's `access`
// (checked on the server before the loader and the action). Saved details show at once on every page, in emails and .ics
// files made afterwards (the site version, drizzle/0023).

export const handle = {
  access: "owner",
  title: "Business Details",
  hydrate: true,
  styles: ["forms", "staff", "site-admin"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { details } = await readSalonFacts(context.db);
  return { values: detailsFormOf(details) };
}

const DetailsForm = textFields(...DETAILS_FIELDS.map(([name]) => name));

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const read = form && parseForm(form, DetailsForm);
  if (!read?.ok)
    return data<SiteFormResult>({ ok: false, message: "The form could not be read." }, 400);
  const result = await context.db.transaction(async (tx) => {
    const saved = await saveDetails(tx, read.data);
    if (saved.ok) await recordStaffAction(tx, user, saved.did);
    return saved;
  });
  if (result.ok) return data<SiteFormResult>({ ok: true });
  return data<SiteFormResult>(
    { ok: false, message: "Please check the marked fields.", fieldErrors: result.fieldErrors },
    400,
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, "Business Details");

const INPUTS: Partial<
  Record<
    DetailsField,
    {
      type?: string;
      inputMode?: "decimal" | "numeric" | "tel" | "email" | "url";
      autoComplete?: string;
      multiline?: boolean;
    }
  >
> = {
  description: { multiline: true },
  descriptionEs: { multiline: true },
  phone: { type: "tel", autoComplete: "tel" },
  email: { type: "email", autoComplete: "email" },
  latitude: { inputMode: "decimal" },
  longitude: { inputMode: "decimal" },
  instagramUrl: { type: "url" },
  facebookUrl: { type: "url" },
  tiktokUrl: { type: "url" },
  pinterestUrl: { type: "url" },
  arriveEarlyMinutes: { inputMode: "numeric" },
};

export default function SiteDetails({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Site</p>
        <h1>Business Details</h1>
        <p className="lead">
          How guests find and reach you: every page, email and calendar file uses these.
        </p>
      </header>
      <SiteForm
        submit="Save Details"
        saved="Saved: every page, email and calendar file uses these now."
        className="site-form--columns"
        labelOf={(name) => DETAILS_FIELDS.find(([field]) => field === name)?.[1]}
      >
        {(errors) =>
          DETAILS_FIELDS.map(([name, label]) => (
            <SiteInput
              key={name}
              name={name}
              label={label}
              defaultValue={loaderData.values[name]}
              error={errors[name]}
              {...INPUTS[name]}
            />
          ))
        }
      </SiteForm>
    </>
  );
}
