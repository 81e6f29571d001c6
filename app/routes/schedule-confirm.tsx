import { data, Form } from "react-router";
import { EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { formatSlotLabel, SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { privatePageMeta } from "~/lib/meta";
import { retryAfter } from "~/lib/retry-after";
import { EMAILED_LINK_HEADERS, emailedLinkLimit, type RouteHandle } from "~/lib/route-handle";
import { visitDateString } from "~/services/booking/booked-appointment.server";
import { confirmPending, findPending } from "~/services/booking/pending-bookings.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { readsQuery } from "~/services/platform/query.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import type { Route } from "./+types/schedule-confirm";

// The link a pending booking's email carries (/schedule/confirm?token=...,
// docs/product.md#pending-bookings): what is kept, until when, and 'Confirm Booking'. A plain
// page and a plain form post. Lookups and confirmations are rate limited per client, as the
// manage and waitlist links are.
const CONFIRM_LIMIT = RATE_LIMITS.bookingConfirm;
const PRIVATE = EMAILED_LINK_HEADERS;

export const handle = {
  styles: ["forms", "manage"],
  rateLimit: emailedLinkLimit("bookingConfirmLookup"),
} satisfies RouteHandle;

type Pending =
  | {
      state: "pending" | "confirmed" | "lapsed";
      token: string;
      service: string;
      when: string;
      until: string;
    }
  | { state: "not-found" | "limited" };

/** What it reads of its address (docs/security.md#queries). */
const PendingQuery = z.object({ token: queryLine(200) });

export const loader = readsQuery(PendingQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const token = read.data.token ?? "";
  const found = await findPending(context.db, token);
  if (!found) return data({ state: "not-found" } as Pending, { status: 404, headers: PRIVATE });
  return data(
    {
      state: found.state,
      token,
      service: found.visit.map((part) => part.typeName).join(" and "),
      when: visitDateString(found.visit),
      until: found.pendingUntil ? formatSlotLabel(found.pendingUntil, SALON_TIME_ZONE) : "",
    } as Pending,
    { headers: PRIVATE },
  );
});

type Answer = { ok: true; dateString: string; email: string } | { ok: false; message: string };

const REFUSALS = {
  "not-found": [404, "This link does not open a booking to confirm."],
  lapsed: [409, "The time to confirm this booking is over, and the time was released."],
  confirmed: [409, "This booking is already confirmed."],
} as const;

/** The emailed link's token, posted back by the page's button. */
const TokenForm = textFields("token");

export async function action({ request, context }: Route.ActionArgs) {
  const answer = (body: Answer, status: number, headers: Record<string, string> = {}) =>
    data(body, { status, headers: { ...PRIVATE, ...headers } });
  const form = await readForm(request);
  const read = form && parseForm(form, TokenForm);
  if (!read?.ok) return answer({ ok: false, message: "The form could not be read." }, 400);
  const key = `confirm-booking:${context.clientAddress}`;
  const limit = await hitRateLimit(context.db, key, CONFIRM_LIMIT);
  if (!limit.allowed) {
    const { phone } = (await readSalonFacts(context.db)).details;
    const message = `Too many attempts from this address. Please call us at ${phone}.`;
    return answer({ ok: false, message }, 429, {
      "Retry-After": retryAfter(limit.retryAfterMs),
    });
  }
  const result = await confirmPending(context.db, read.data.token ?? "", {
    siteUrl: context.siteUrl,
  });
  if (!result.ok) {
    const [status, message] = REFUSALS[result.kind];
    return answer({ ok: false, message }, status);
  }
  context.kickEmail();
  const email = result.visit[0]?.email ?? "";
  return answer({ ok: true, dateString: visitDateString(result.visit), email }, 200);
}

// The document carries its loader's and action's own headers (no-store, the referrer policy,
// Retry-After): React Router sends them only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, "Confirm Your Booking");

export default function ScheduleConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const pending = loaderData;
  const notice = actionData
    ? {
        ok: actionData.ok,
        text: actionData.ok
          ? `Booked: ${actionData.dateString}. We have emailed the details to ${actionData.email}.`
          : actionData.message,
      }
    : null;
  return (
    <EmailedLinkPage
      eyebrow="Booking"
      heading="Confirm Your Booking"
      notice={notice}
      card={
        "token" in pending
          ? {
              id: "pending-title",
              title: pending.service,
              details: [["When", pending.when]],
              action: (
                <PendingState
                  state={actionData?.ok ? "confirmed" : pending.state}
                  token={pending.token}
                  until={pending.until}
                />
              ),
            }
          : {
              missing: {
                limited: pending.state === "limited",
                title: "Booking not found",
                text: "This link does not open a booking to confirm. Please open it again from the email, or book another time.",
              },
            }
      }
    />
  );
}

function PendingState(props: { state: string; token: string; until: string }) {
  if (props.state === "confirmed") {
    return (
      <p>This booking is confirmed. The confirmation email has the link to move or cancel it.</p>
    );
  }
  if (props.state === "lapsed") {
    return <p>The time to confirm this booking is over, and the time was released.</p>;
  }
  return (
    <Form method="post" className="button-row">
      <p>We are keeping this time for you until {props.until}. Confirm it to book it.</p>
      <input type="hidden" name="token" value={props.token} />
      <button type="submit" className="button">
        Confirm Booking
      </button>
    </Form>
  );
}
