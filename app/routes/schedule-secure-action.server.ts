import { localeOfPath } from "~/domain/i18n/locale-path";
import { backBySession, linkRefusal, readLinkPost } from "~/lib/emailed-link.server";
import { m } from "~/paraglide/messages.js";
import { AGREE_FIELD } from "~/services/payments/protected-booking.server";
import { startSecureCheckout } from "~/services/payments/secure-checkout.server";
import { textFields } from "~/services/platform/form.server";
import type { Route } from "./+types/schedule-secure";

// 'Continue to Card Payment' on the emailed 'Secure Your Booking' page (app/routes/schedule-secure.tsx,
// docs/payments.md#secure-your-booking): her agreement and a Checkout Session, then this page
// again by the session, which links to Stripe's page (a form's redirect to another site would
// break the pages' `form-action 'self'`). Counted per client address once the form reads, as the
// other emailed links' actions are; every refusal changes nothing and says why, in the page's
// language.

export type SecureAnswer = { ok: false; message: string; agree?: string };

const SecureForm = textFields("token", AGREE_FIELD);

/** Why Checkout did not start, but her missing agreement: the answer's status and message. */
const REFUSALS = {
  "not-found": [404, m.secure_missing_text],
  "no-longer": [409, m.secure_not_needed],
  "checkout-failed": [503, m.secure_failed],
} as const;

export async function secureAction({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const limit = { name: "secureBookingCheckout", key: "secure-booking" } as const;
  const post = await readLinkPost({ request, context }, SecureForm, limit, locale);
  if (!post.ok) return post.answer;
  const started = await startSecureCheckout(
    context.db,
    post.fields.token ?? "",
    {
      agreed: Boolean(post.fields[AGREE_FIELD]),
      clientIp: context.clientIp ?? context.clientAddress,
      userAgent: request.headers.get("User-Agent") ?? undefined,
    },
    { siteUrl: context.siteUrl, locale },
  );
  if (started.ok) return backBySession("/schedule/secure", locale, started.sessionId);
  if (started.kind === "agree") {
    const agree = m.booking_agree_required({}, { locale });
    return linkRefusal(agree, 400, { agree });
  }
  const [status, message] = REFUSALS[started.kind];
  return linkRefusal(message({}, { locale }), status);
}
