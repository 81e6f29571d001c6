import { data, Form } from "react-router";
import { EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { spanishLongDate } from "~/domain/i18n/dates";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { readLinkForm } from "~/lib/emailed-link.server";
import { useLocale } from "~/lib/i18n";
import { localeOfMatches, privatePageMeta } from "~/lib/meta";
import {
  EMAILED_LINK_HEADERS,
  emailedLinkHeaders,
  emailedLinkLimit,
  type RouteHandle,
} from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { searchInLanguage } from "~/services/booking/customer-language.server";
import { textFields } from "~/services/platform/form.server";
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
// under per-client limits, as the other emailed links are. A Spanish place's email opens
// /es/waitlist/confirm, in Spanish ('Confirmar mi lugar', docs/product.md#languages).
const CONFIRM_LIMIT = RATE_LIMITS.waitlistConfirm;
const PRIVATE = EMAILED_LINK_HEADERS;

export const handle = {
  styles: ["forms", "manage"],
  rateLimit: emailedLinkLimit("waitlistConfirmLookup"),
} satisfies RouteHandle;

type Place =
  | ({ state: "found"; token: string } & Omit<PlaceView, "items" | "dateIso">)
  | { state: "not-found" | "limited" };

/** What it reads of its address (docs/security.md#queries). */
const PlaceQuery = z.object({ token: queryLine(200) });

export const loader = readsQuery(PlaceQuery, async (args: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const { context } = args;
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const token = read.data.token ?? "";
  const place = await findPlace(context.db, token);
  if (!place) return data({ state: "not-found" } as Place, { status: 404, headers: PRIVATE });
  const { items, dateIso, ...shown } = place;
  // The day and the services in the page's language (the owner's Spanish names on /es).
  const named =
    locale === "es"
      ? {
          service: await searchInLanguage(context.db, items, locale, place.service),
          day: spanishLongDate(dateIso),
        }
      : {};
  return data({ state: "found", token, ...shown, ...named } as Place, { headers: PRIVATE });
});

/** The emailed link's token, posted back by the page's button. */
const TokenForm = textFields("token");

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const answer = (body: { ok: boolean; message: string }, status: number) =>
    data(body, { status, headers: PRIVATE });
  const post = await readLinkForm(request, TokenForm, locale);
  if (!post.ok) return post.answer;
  const key = `waitlist-confirm-post:${context.clientAddress}`;
  const limit = await hitRateLimit(context.db, key, CONFIRM_LIMIT);
  if (!limit.allowed) {
    return answer({ ok: false, message: m.place_limited({}, { locale }) }, 429);
  }
  const place = await confirmPlace(context.db, post.fields.token ?? "");
  if (!place) {
    return answer({ ok: false, message: m.place_not_found({}, { locale }) }, 404);
  }
  return answer({ ok: true, message: m.place_confirmed({}, { locale }) }, 200);
}

export const headers: Route.HeadersFunction = emailedLinkHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, m.place_title({}, { locale: localeOfMatches(matches) }));

export default function WaitlistConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const place = loaderData;
  const locale = useLocale();
  return (
    <EmailedLinkPage
      eyebrow={m.link_waitlist({}, { locale })}
      heading={m.place_title({}, { locale })}
      notice={actionData ? { ok: actionData.ok, text: actionData.message } : null}
      card={
        "token" in place
          ? {
              id: "place-title",
              title: place.service,
              details: [[m.link_day({}, { locale }), place.day]],
              action:
                place.confirmed || actionData?.ok ? (
                  <p>{m.place_on_list({}, { locale })}</p>
                ) : (
                  <Form method="post" className="button-row">
                    <p>{m.place_confirm_text({}, { locale })}</p>
                    <input type="hidden" name="token" value={place.token} />
                    <button type="submit" className="button">
                      {m.place_button({}, { locale })}
                    </button>
                  </Form>
                ),
            }
          : {
              missing: {
                limited: place.state === "limited",
                title: m.place_missing_title({}, { locale }),
                text: m.place_missing_text({}, { locale }),
              },
            }
      }
    />
  );
}
