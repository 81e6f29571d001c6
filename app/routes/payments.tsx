import { data } from "react-router";
import { ConnectStripe } from "~/components/payments/connect-stripe";
import { PaymentSettingsForm } from "~/components/payments/payment-settings-form";
import type { SiteFormResult } from "~/components/site/site-form";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { staffContext } from "~/lib/staff-only.server";
import {
  listServiceProtections,
  readPaymentSettings,
  savePaymentSettings,
} from "~/services/payments/payment-settings.server";
import { WEBHOOK_EVENTS } from "~/services/payments/webhook-events.server";
import { stripeSettings } from "~/services/platform/env.server";
import { readForm } from "~/services/platform/form.server";
import { siteUrl } from "~/services/platform/site-url.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/payments";

// The owner's 'Payments' page (issue 40, docs/payments.md): no-show protection per service and the
// cancellation policy's numbers. Owner only by its handle's `access` (403 for a Staff account,
// before its loader and action). Without Stripe's keys it says how to connect.
export const handle = {
  access: "owner",
  title: "Payments",
  hydrate: true,
  styles: ["forms", "staff", "site-admin", "payments"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, services] = await Promise.all([
    readPaymentSettings(context.db),
    listServiceProtections(context.db),
  ]);
  return {
    connected: stripeSettings() !== undefined,
    webhookUrl: `${siteUrl()}/stripe/webhook`,
    events: WEBHOOK_EVENTS,
    settings,
    services,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  if (!form)
    return data<SiteFormResult>({ ok: false, message: "The form could not be read." }, 400);
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  const result = await context.db.transaction(async (tx) => {
    const saved = await savePaymentSettings(tx, fields);
    if (saved.ok) await recordStaffAction(tx, user, saved.did);
    return saved;
  });
  if (result.ok) return data<SiteFormResult>({ ok: true });
  return data<SiteFormResult>(
    { ok: false, message: "Please check the marked fields.", fieldErrors: result.fieldErrors },
    400,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Payments");

export default function Payments({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page staff-page payments">
      <header className="page-header">
        <p className="eyebrow">Owner</p>
        <h1>Payments</h1>
        <p className="lead">
          No-show protection: a deposit or a card on file when a customer books a service, and the
          fees of your cancellation policy. Stripe takes the card; it never reaches this site.
        </p>
      </header>
      {loaderData.connected ? null : (
        <ConnectStripe webhookUrl={loaderData.webhookUrl} events={loaderData.events} />
      )}
      <PaymentSettingsForm settings={loaderData.settings} services={loaderData.services} />
    </div>
  );
}
