import { redirect } from "react-router";
import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { backBySession, linkRefusal, readLinkPost } from "~/lib/emailed-link.server";
import { EMAILED_LINK_HEADERS } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { releaseByBackLink } from "~/services/payments/checkout-back.server";
import { textFields } from "~/services/platform/form.server";
import type { Route } from "./+types/schedule-paid";

// 'Choose Another Time' on the page Checkout's back link opens (app/routes/schedule-paid.tsx,
// docs/payments.md#booking): her Checkout closed and the time kept for her freed, then the
// booking form (in the page's language) to choose another. Counted per client address once the
// form reads, as the emailed links' actions are. Paid meanwhile: the return page by her session,
// 'Waiting for your payment' until the webhook has come.

export type PaidBackAnswer = { ok: false; message: string };

const BackForm = textFields("back");

export async function paidBackAction({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const limit = { name: "bookingConfirm", key: "paid-back" } as const;
  const post = await readLinkPost({ request, context }, BackForm, limit, locale);
  if (!post.ok) return post.answer;
  const token = post.fields.back ?? "";
  const released = await releaseByBackLink(context.db, token);
  if (released.ok) {
    return redirect(localizedPath("/schedule", locale), {
      status: 303,
      headers: EMAILED_LINK_HEADERS,
    });
  }
  // Paid meanwhile: the return page by her session, which waits for the webhook (and reloads).
  if (released.kind === "paid") return backBySession("/schedule/paid", locale, released.sessionId);
  if (released.kind === "not-found") {
    return linkRefusal(m.paid_missing_text({}, { locale }), 404);
  }
  return linkRefusal(m.paid_back_failed({}, { locale }), 503);
}
