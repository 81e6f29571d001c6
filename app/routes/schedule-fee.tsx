import { data, Form } from "react-router";
import { EmailedLinkPage } from "~/components/manage/emailed-link-page";
import type { Locale } from "~/domain/i18n/locale";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { useLocale } from "~/lib/i18n";
import { localeOfMatches, privatePageMeta } from "~/lib/meta";
import { EMAILED_LINK_HEADERS, emailedLinkLimit, type RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { type FeeLinkView, findFeeLink } from "~/services/payments/fee-link-page.server";
import { readsQuery } from "~/services/platform/query.server";
import type { Route } from "./+types/schedule-fee";
import { type FeeLinkAnswer, feeLinkAction } from "./schedule-fee-action.server";

// The link emailed when the bank asks the customer to approve a fee herself
// (/schedule/fee?token=..., docs/payments.md#fee-link), and where Stripe's Checkout sends her back
// (?session=...): her visit, which fee and its amount, the cancellation policy she agreed to, and
// 'Continue to Card Payment'; back from Checkout, 'Waiting for your payment' until Stripe's
// webhook has recorded it, then 'Your payment is received'. A plain page and a plain form post, in
// the page's language (/es/schedule/fee: all in Spanish). Lookups are limited per client address,
// as the other emailed links' are.
export const handle = {
  styles: ["forms", "manage"],
  rateLimit: emailedLinkLimit("feeLinkLookup"),
} satisfies RouteHandle;

/** How often the waiting page asks again (a plain reload), as the other return pages do. */
const RELOAD_SECONDS = 15;

type FeeLink = FeeLinkView | { state: "not-found" | "limited" };

/** What it reads of its address (docs/security.md#queries). */
const FeeQuery = z.object({ token: queryLine(200), session: queryLine(300) });

export const loader = readsQuery(FeeQuery, async ({ request, context }: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const locale = localeOfPath(new URL(request.url).pathname);
  const { token, session } = read.data;
  const found = await findFeeLink(context.db, { token, session }, new Date(), locale);
  if (!found) {
    return data({ state: "not-found" } as FeeLink, { status: 404, headers: EMAILED_LINK_HEADERS });
  }
  return data(found as FeeLink, { headers: EMAILED_LINK_HEADERS });
});

export const action = feeLinkAction;

// The document carries its loader's and action's own headers (no-store, the referrer policy).
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

/** The page's heading (and title) for each state. */
function headingOf(state: FeeLink["state"], locale: Locale): string {
  const heading = {
    ask: m.fee_title,
    waiting: m.paid_waiting,
    unpaid: m.fee_title,
    paid: m.fee_paid_title,
    "not-due": m.fee_title,
    expired: m.fee_title,
    "not-found": m.fee_title,
    limited: m.fee_title,
  }[state];
  return heading({}, { locale });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const state = loaderData?.state ?? "not-found";
  const page = privatePageMeta(matches, headingOf(state, localeOfMatches(matches)));
  return state === "waiting"
    ? [...page, { httpEquiv: "refresh", content: String(RELOAD_SECONDS) }]
    : page;
};

export default function ScheduleFee({ loaderData: link, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const answer = actionData as FeeLinkAnswer | undefined;
  return (
    <EmailedLinkPage
      eyebrow={m.paid_payment({}, { locale })}
      heading={headingOf(link.state, locale)}
      notice={answer ? { ok: false, text: answer.message } : null}
      card={
        "services" in link
          ? {
              id: "fee-title",
              title: link.services,
              details: [
                [m.manage_when({}, { locale }), link.when],
                [m.fee_label({}, { locale }), link.fee],
              ],
              action: <FeeLinkState link={link} />,
            }
          : {
              missing: {
                limited: link.state === "limited",
                title: m.fee_title({}, { locale }),
                text: m.fee_missing_text({}, { locale }),
              },
            }
      }
    />
  );
}

function FeeLinkState({ link }: { link: FeeLinkView }) {
  const locale = useLocale();
  switch (link.state) {
    case "paid":
      return <p role="status">{m.fee_paid({}, { locale })}</p>;
    case "not-due":
      return <p>{m.fee_not_due({}, { locale })}</p>;
    case "expired":
      return <p>{m.fee_expired({}, { locale })}</p>;
    case "unpaid":
      return <p>{m.secure_unpaid({}, { locale })}</p>;
    case "waiting":
      return (
        <>
          <p role="status">{m.fee_ready({ seconds: RELOAD_SECONDS }, { locale })}</p>
          {link.checkoutUrl ? (
            <p className="button-row">
              <a href={link.checkoutUrl} className="button">
                {m.paid_continue({}, { locale })}
              </a>
            </p>
          ) : null}
        </>
      );
    case "ask":
      return (
        <Form method="post" className="secure-form">
          <p>{m.fee_ask({ amount: link.amount }, { locale })}</p>
          <section className="add-ons" aria-labelledby="fee-policy">
            <h3 id="fee-policy">{m.fee_policy({}, { locale })}</h3>
            {link.policy.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </section>
          <input type="hidden" name="token" value={link.token} />
          <p className="button-row">
            <button type="submit" className="button">
              {m.secure_button({}, { locale })}
            </button>
          </p>
        </Form>
      );
  }
}
