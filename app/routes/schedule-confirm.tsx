import { data, Form } from "react-router";
import { bookedNotice, EmailedLinkPage } from "~/components/manage/emailed-link-page";
import { formatSlotLabel, SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { spanishClockPhrase } from "~/domain/i18n/dates";
import type { Locale } from "~/domain/i18n/locale";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { linkRefusal, readLinkPost } from "~/lib/emailed-link.server";
import { useLocale } from "~/lib/i18n";
import { localeOfMatches, privatePageMeta } from "~/lib/meta";
import {
  EMAILED_LINK_HEADERS,
  emailedLinkHeaders,
  emailedLinkLimit,
  type RouteHandle,
} from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { joinNames, visitDateString } from "~/services/booking/booked-appointment.server";
import { inCustomerLanguage } from "~/services/booking/customer-language.server";
import { confirmPending, findPending } from "~/services/booking/pending-bookings.server";
import { textFields } from "~/services/platform/form.server";
import { readsQuery } from "~/services/platform/query.server";
import type { Route } from "./+types/schedule-confirm";

// The link a pending booking's email carries (/schedule/confirm?token=...,
// docs/product.md#pending-bookings): what is kept, until when, and 'Confirm Booking'. A plain
// page and a plain form post. Lookups and confirmations are rate limited per client, as the
// manage and waitlist links are. A Spanish customer's email opens /es/schedule/confirm, in
// Spanish ('Confirmar reserva', docs/product.md#languages).
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

export const loader = readsQuery(PendingQuery, async (args: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const { context } = args;
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const token = read.data.token ?? "";
  const found = await findPending(context.db, token);
  if (!found) return data({ state: "not-found" } as Pending, { status: 404, headers: PRIVATE });
  // The services as the page's language names them (the owner's Spanish names on /es).
  const named = await inCustomerLanguage(
    context.db,
    found.visit.map((part) => ({ ...part, language: locale })),
  );
  return data(
    {
      state: found.state,
      token,
      service: namesOf(named, locale),
      when: visitDateString(found.visit, locale),
      until: !found.pendingUntil
        ? ""
        : locale === "es"
          ? spanishClockPhrase(found.pendingUntil, SALON_TIME_ZONE)
          : formatSlotLabel(found.pendingUntil, SALON_TIME_ZONE),
    } as Pending,
    { headers: PRIVATE },
  );
});

/** "Gel Manicure and Classic Pedicure"; "... y ..." in Spanish. */
function namesOf(visit: readonly { typeName: string }[], locale: Locale): string {
  const names = visit.map((part) => part.typeName);
  return locale === "es" ? joinNames(names, locale) : names.join(" and ");
}

type Answer = { ok: true; dateString: string; email: string };

const REFUSALS = {
  "not-found": [404, m.confirm_not_found],
  lapsed: [409, m.confirm_lapsed],
  confirmed: [409, m.confirm_already],
} as const;

/** The emailed link's token, posted back by the page's button. */
const TokenForm = textFields("token");

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const limit = { name: "bookingConfirm", key: "confirm-booking" } as const;
  const post = await readLinkPost({ request, context }, TokenForm, limit, locale);
  if (!post.ok) return post.answer;
  const result = await confirmPending(context.db, post.fields.token ?? "", {
    siteUrl: context.siteUrl,
  });
  if (!result.ok) {
    const [status, message] = REFUSALS[result.kind];
    return linkRefusal(message({}, { locale }), status);
  }
  context.kickEmail();
  const email = result.visit[0]?.email ?? "";
  const booked: Answer = { ok: true, dateString: visitDateString(result.visit, locale), email };
  return data(booked, { status: 200, headers: PRIVATE });
}

export const headers: Route.HeadersFunction = emailedLinkHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, m.confirm_title({}, { locale: localeOfMatches(matches) }));

export default function ScheduleConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const pending = loaderData;
  const locale = useLocale();
  const notice = bookedNotice(actionData, locale);
  return (
    <EmailedLinkPage
      eyebrow={m.confirm_eyebrow({}, { locale })}
      heading={m.confirm_title({}, { locale })}
      notice={notice}
      card={
        "token" in pending
          ? {
              id: "pending-title",
              title: pending.service,
              details: [[m.manage_when({}, { locale }), pending.when]],
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
                title: m.confirm_missing_title({}, { locale }),
                text: m.confirm_missing_text({}, { locale }),
              },
            }
      }
    />
  );
}

function PendingState(props: { state: string; token: string; until: string }) {
  const locale = useLocale();
  if (props.state === "confirmed") return <p>{m.confirm_done({}, { locale })}</p>;
  if (props.state === "lapsed") return <p>{m.confirm_lapsed({}, { locale })}</p>;
  return (
    <Form method="post" className="button-row">
      <p>{m.confirm_keeping({ until: props.until }, { locale })}</p>
      <input type="hidden" name="token" value={props.token} />
      <button type="submit" className="button">
        {m.confirm_button({}, { locale })}
      </button>
    </Form>
  );
}
