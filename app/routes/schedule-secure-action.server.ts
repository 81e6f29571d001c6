import { data, redirect } from "react-router";
import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { linkPostRefused } from "~/lib/emailed-link.server";
import { EMAILED_LINK_HEADERS } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { AGREE_FIELD } from "~/services/payments/protected-booking.server";
import { startSecureCheckout } from "~/services/payments/secure-checkout.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import type { Route } from "./+types/schedule-secure";

// 'Continue to Card Payment' on the emailed 'Secure Your Booking' page (app/routes/schedule-secure.tsx,
// docs/payments.md#secure-your-booking): her agreement and a Checkout Session, then this page
// again by the session, which links to Stripe's page (a form's redirect to another site would
// break the pages' `form-action 'self'`). Counted per client address once the form reads, as the
// other emailed links' actions are; every refusal changes nothing and says why, in the page's
// language.

export type SecureAnswer = { ok: false; message: string; agree?: string };

const SecureForm = textFields("token", AGREE_FIELD);

export async function secureAction({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const answer = (body: SecureAnswer, status: number, headers: Record<string, string> = {}) =>
    data(body, { status, headers: { ...EMAILED_LINK_HEADERS, ...headers } });
  const form = await readForm(request);
  const read = form && parseForm(form, SecureForm);
  if (!read?.ok) return answer({ ok: false, message: m.manage_unreadable({}, { locale }) }, 400);
  const refused = await linkPostRefused(
    context,
    { name: "secureBookingCheckout", key: "secure-booking" },
    locale,
  );
  if (refused) return refused;
  const started = await startSecureCheckout(
    context.db,
    read.data.token ?? "",
    {
      agreed: Boolean(read.data[AGREE_FIELD]),
      clientIp: context.clientIp ?? context.clientAddress,
      userAgent: request.headers.get("User-Agent") ?? undefined,
    },
    { siteUrl: context.siteUrl, locale },
  );
  if (started.ok) {
    const page = localizedPath("/schedule/secure", locale);
    return redirect(`${page}?session=${encodeURIComponent(started.sessionId)}`, {
      status: 303,
      headers: EMAILED_LINK_HEADERS,
    });
  }
  switch (started.kind) {
    case "not-found":
      return answer({ ok: false, message: m.secure_missing_text({}, { locale }) }, 404);
    case "no-longer":
      return answer({ ok: false, message: m.secure_not_needed({}, { locale }) }, 409);
    case "agree": {
      const agree = m.booking_agree_required({}, { locale });
      return answer({ ok: false, message: agree, agree }, 400);
    }
    case "checkout-failed":
      return answer({ ok: false, message: m.secure_failed({}, { locale }) }, 503);
  }
}
