import { data, Form } from "react-router";
import { EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { privatePageMeta } from "~/lib/meta";
import { EMAILED_LINK_HEADERS, emailedLinkLimit, type RouteHandle } from "~/lib/route-handle";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { readsQuery } from "~/services/platform/query.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import {
  confirmPlace,
  findPlace,
  type PlaceView,
} from "~/services/waitlist/waitlist-confirm.server";
import type { Route } from "./+types/waitlist-confirm";

// The link a waitlist join emails (/waitlist/confirm?token=..., docs/product.md#waitlist): the
// place, and 'Confirm My Place'. A plain page and a plain form post; looked up and confirmed
// under per-client limits, as the other emailed links are.
const CONFIRM_LIMIT = RATE_LIMITS.waitlistConfirm;
const PRIVATE = EMAILED_LINK_HEADERS;

export const handle = {
  styles: ["forms", "manage"],
  rateLimit: emailedLinkLimit("waitlistConfirmLookup"),
} satisfies RouteHandle;

type Place = ({ state: "found"; token: string } & PlaceView) | { state: "not-found" | "limited" };

/** What it reads of its address (docs/security.md#queries). */
const PlaceQuery = z.object({ token: queryLine(200) });

export const loader = readsQuery(PlaceQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const token = read.data.token ?? "";
  const place = await findPlace(context.db, token);
  if (!place) return data({ state: "not-found" } as Place, { status: 404, headers: PRIVATE });
  return data({ state: "found", token, ...place } as Place, { headers: PRIVATE });
});

/** The emailed link's token, posted back by the page's button. */
const TokenForm = textFields("token");

export async function action({ request, context }: Route.ActionArgs) {
  const answer = (body: { ok: boolean; message: string }, status: number) =>
    data(body, { status, headers: PRIVATE });
  const form = await readForm(request);
  const read = form && parseForm(form, TokenForm);
  if (!read?.ok) return answer({ ok: false, message: "The form could not be read." }, 400);
  const key = `waitlist-confirm-post:${context.clientAddress}`;
  const limit = await hitRateLimit(context.db, key, CONFIRM_LIMIT);
  if (!limit.allowed) {
    return answer({ ok: false, message: "Too many attempts from this address." }, 429);
  }
  const place = await confirmPlace(context.db, read.data.token ?? "");
  if (!place) {
    return answer({ ok: false, message: "This link does not open a place on the waitlist." }, 404);
  }
  return answer({ ok: true, message: "Your place on the waitlist is confirmed." }, 200);
}

// The document carries its loader's and action's own headers (no-store, the referrer policy,
// Retry-After): React Router sends them only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, "Confirm Your Place");

export default function WaitlistConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const place = loaderData;
  return (
    <EmailedLinkPage
      eyebrow="Waitlist"
      heading="Confirm Your Place"
      notice={actionData ? { ok: actionData.ok, text: actionData.message } : null}
      card={
        "token" in place
          ? {
              id: "place-title",
              title: place.service,
              details: [["Day", place.day]],
              action:
                place.confirmed || actionData?.ok ? (
                  <p>
                    You are on the waitlist. If a time opens that day, we will email you a link that
                    books it.
                  </p>
                ) : (
                  <Form method="post" className="button-row">
                    <p>Confirm to take your place in line for this day.</p>
                    <input type="hidden" name="token" value={place.token} />
                    <button type="submit" className="button">
                      Confirm My Place
                    </button>
                  </Form>
                ),
            }
          : {
              missing: {
                limited: place.state === "limited",
                title: "Place not found",
                text: "This link does not open a place on the waitlist. It may be for a day that is over. Please open it again from the email.",
              },
            }
      }
    />
  );
}
