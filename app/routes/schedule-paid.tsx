import { data } from "react-router";
import { EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { privatePageMeta } from "~/lib/meta";
import { EMAILED_LINK_HEADERS, emailedLinkLimit, type RouteHandle } from "~/lib/route-handle";
import { findPaidVisit, type PaidView } from "~/services/booking/paid-view.server";
import { readsQuery } from "~/services/platform/query.server";
import type { Route } from "./+types/schedule-paid";

// Where Stripe's Checkout sends a visitor back (/schedule/paid?session=..., docs/payments.md#booking),
// and where the booking form without JavaScript goes first. It never confirms: only Stripe's
// webhook does. It says 'Your appointment is booked' with the deposit or card once that came,
// 'Waiting for your payment' until then (and reloads itself every few seconds), or that the
// time to pay is over. Lookups are limited per client, as the emailed links' are.
export const handle = {
  styles: ["forms", "manage"],
  rateLimit: emailedLinkLimit("bookingConfirmLookup"),
} satisfies RouteHandle;

/**
 * How often the waiting page asks again (a plain reload: no script): 40 lookups in 10 minutes, under
 * the 60 its limit allows one address.
 */
const RELOAD_SECONDS = 15;

type Paid = PaidView | { state: "not-found" | "limited" };

/** What it reads of its address (docs/security.md#queries). */
const PaidQuery = z.object({ session: queryLine(300) });

export const loader = readsQuery(PaidQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const found = await findPaidVisit(context.db, read.data.session ?? "");
  if (!found) {
    return data({ state: "not-found" } as Paid, { status: 404, headers: EMAILED_LINK_HEADERS });
  }
  return data(found as Paid, { headers: EMAILED_LINK_HEADERS });
});

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const HEADINGS: Record<Paid["state"], string> = {
  booked: "Your appointment is booked",
  waiting: "Waiting for your payment",
  released: "The time to pay is over",
  "not-found": "Booking not found",
  limited: "Booking not found",
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const state = loaderData?.state ?? "not-found";
  const page = privatePageMeta(matches, HEADINGS[state]);
  return state === "waiting"
    ? [...page, { httpEquiv: "refresh", content: String(RELOAD_SECONDS) }]
    : page;
};

export default function SchedulePaid({ loaderData: paid }: Route.ComponentProps) {
  return (
    <EmailedLinkPage
      eyebrow="Booking"
      heading={HEADINGS[paid.state]}
      notice={null}
      card={
        "services" in paid
          ? {
              id: "paid-title",
              title: paid.services,
              details:
                paid.state === "booked"
                  ? [
                      ["When", paid.when],
                      ["Payment", paid.payment],
                    ]
                  : [["When", paid.when]],
              action: <PaidState paid={paid} />,
            }
          : {
              missing: {
                limited: paid.state === "limited",
                title: "Booking not found",
                text: "This address does not name a booking waiting for a payment. If you paid, the confirmation email has your booking.",
              },
            }
      }
    />
  );
}

function PaidState({ paid }: { paid: PaidView }) {
  if (paid.state === "booked") {
    return (
      <p role="status">
        {paid.payment}. We have emailed the confirmation, with the link to move or cancel it, to{" "}
        {paid.email}.
      </p>
    );
  }
  if (paid.state === "released") {
    return (
      <p>
        The time to pay is over, and the time was released. If you paid, we refund it; please book
        again or call us.
      </p>
    );
  }
  return (
    <>
      <p role="status">
        We are keeping this time for you until {paid.until}. As soon as the payment is through, this
        page says your appointment is booked (it checks again every {RELOAD_SECONDS} seconds).
      </p>
      {paid.checkoutUrl ? (
        <p className="button-row">
          <a href={paid.checkoutUrl} className="button">
            Continue to Payment
          </a>
        </p>
      ) : null}
    </>
  );
}
