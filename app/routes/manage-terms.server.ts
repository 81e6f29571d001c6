import type { ManagePageData } from "~/components/manage/manage-types";
import type { Locale } from "~/domain/i18n/locale";
import { formatCents } from "~/domain/money";
import { m } from "~/paraglide/messages.js";
import { hoursText } from "~/services/booking/visit-lines.server";
import { type CancelTerms, costsAFee } from "~/services/payments/cancel-terms.server";

type Found = Extract<ManagePageData, { state: "found" }>;

// /manage's words for a protected visit's cancellation (docs/payments.md#customer-cancels): the
// deposit refunded in full before the window; inside it, before the start, the late fee said
// first, with the terms her 'Accept the Fee and Cancel' sends back.

/** What cancelling costs, for the page; null for a visit without protection (as before). */
export function cancelTermsView(
  terms: CancelTerms | undefined,
  startsAt: Date,
  now: Date,
  locale: Locale,
): Found["cancelTerms"] {
  if (!terms) return null;
  const { split } = terms;
  const refundAll =
    split.refundCents > 0 && split.keptCents === 0
      ? m.manage_deposit_refund({ deposit: formatCents(split.refundCents) }, { locale })
      : null;
  if (!terms.late) return { late: false, text: refundAll, confirmation: null };
  // Once it has begun, it is the desk's: no cancelling online.
  if (now >= startsAt) return null;
  if (!costsAFee(terms)) return { late: true, text: refundAll, confirmation: null };
  const said = {
    window: hoursText(terms.windowHours, locale),
    fee: formatCents(split.feeCents),
    deposit: formatCents(terms.depositCents),
    charge: formatCents(split.chargeCents),
    refund: formatCents(split.refundCents),
  };
  const text =
    split.keptCents === 0
      ? m.manage_late_fee_card(said, { locale })
      : split.chargeCents > 0
        ? m.manage_late_fee_deposit(said, { locale })
        : split.refundCents > 0
          ? m.manage_late_fee_refund(said, { locale })
          : m.manage_late_fee_kept(said, { locale });
  return { late: true, text, confirmation: terms.confirmation };
}
