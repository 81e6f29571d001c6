import { data, redirect } from "react-router";
import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { linkPostRefused } from "~/lib/emailed-link.server";
import { EMAILED_LINK_HEADERS } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { startFeeLinkCheckout } from "~/services/payments/fee-link-page.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import type { Route } from "./+types/schedule-fee";

// 'Continue to Card Payment' on a fee's emailed payment link (app/routes/schedule-fee.tsx,
// docs/payments.md#fee-link): a Checkout Session for the fee, then this page again by the
// session, which links to Stripe's page (a form's redirect to another site would break the pages'
// `form-action 'self'`). Counted per client address once the form reads, as the other emailed
// links' actions are; every refusal changes nothing and says why, in the page's language.

export type FeeLinkAnswer = { ok: false; message: string };

const FeeForm = textFields("token");

export async function feeLinkAction({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const answer = (body: FeeLinkAnswer, status: number, headers: Record<string, string> = {}) =>
    data(body, { status, headers: { ...EMAILED_LINK_HEADERS, ...headers } });
  const form = await readForm(request);
  const read = form && parseForm(form, FeeForm);
  if (!read?.ok) return answer({ ok: false, message: m.manage_unreadable({}, { locale }) }, 400);
  const refused = await linkPostRefused(
    context,
    { name: "feeLinkCheckout", key: "fee-link" },
    locale,
  );
  if (refused) return refused;
  const started = await startFeeLinkCheckout(context.db, read.data.token ?? "", {
    siteUrl: context.siteUrl,
    locale,
  });
  if (started.ok) {
    const page = localizedPath("/schedule/fee", locale);
    return redirect(`${page}?session=${encodeURIComponent(started.sessionId)}`, {
      status: 303,
      headers: EMAILED_LINK_HEADERS,
    });
  }
  switch (started.kind) {
    case "not-found":
      return answer({ ok: false, message: m.fee_missing_text({}, { locale }) }, 404);
    case "no-longer":
      return answer({ ok: false, message: m.fee_not_due({}, { locale }) }, 409);
    case "checkout-failed":
      return answer({ ok: false, message: m.secure_failed({}, { locale }) }, 503);
  }
}
