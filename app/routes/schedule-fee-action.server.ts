import { localeOfPath } from "~/domain/i18n/locale-path";
import { backBySession, linkRefusal, readLinkPost } from "~/lib/emailed-link.server";
import { m } from "~/paraglide/messages.js";
import { startFeeLinkCheckout } from "~/services/payments/fee-link-page.server";
import { textFields } from "~/services/platform/form.server";
import type { Route } from "./+types/schedule-fee";

// 'Continue to Card Payment' on a fee's emailed payment link (app/routes/schedule-fee.tsx,
// docs/payments.md#fee-link): a Checkout Session for the fee, then this page again by the
// session, which links to Stripe's page (a form's redirect to another site would break the pages'
// `form-action 'self'`). Counted per client address once the form reads, as the other emailed
// links' actions are; every refusal changes nothing and says why, in the page's language.

export type FeeLinkAnswer = { ok: false; message: string };

const FeeForm = textFields("token");

/** Why Checkout did not start: the answer's status and message. */
const REFUSALS = {
  "not-found": [404, m.fee_missing_text],
  "no-longer": [409, m.fee_not_due],
  "checkout-failed": [503, m.secure_failed],
} as const;

export async function feeLinkAction({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const limit = { name: "feeLinkCheckout", key: "fee-link" } as const;
  const post = await readLinkPost({ request, context }, FeeForm, limit, locale);
  if (!post.ok) return post.answer;
  const started = await startFeeLinkCheckout(context.db, post.fields.token ?? "", {
    siteUrl: context.siteUrl,
    locale,
  });
  if (started.ok) return backBySession("/schedule/fee", locale, started.sessionId);
  const [status, message] = REFUSALS[started.kind];
  return linkRefusal(message({}, { locale }), status);
}
