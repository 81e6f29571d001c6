import { Link } from "react-router";
import { withNodes } from "~/components/message-parts";
import type { Locale } from "~/domain/i18n/locale";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { localeOfMatches, pageMeta, salonNameOf, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
import { publicPaymentPolicy } from "~/services/payments/payment-settings.server";
import { bookingPolicy, readEnv } from "~/services/platform/env.server";
import { RETENTION_DAYS } from "~/services/staff/retention.server";
import type { Route } from "./+types/policies";

// The cancellation policy and the privacy notice (docs/product.md#privacy): every figure comes
// from the configuration and the retention the server applies, so the page says what happens.
// Their words are the code's, so their Spanish is the message catalogue's
// (docs/product.md#languages-the-owners-texts-and-each-customers-language), the deposits' and
// fees' sentences too (app/domain/payments/payment-policy.ts, its services by the owner's
// Spanish names where written).
export const handle = {
  page: "Policies",
  cache: "static",
  listed: true,
  styles: ["policies"],
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const policy = bookingPolicy();
  const backups = readEnv().BACKUP_DIR === undefined ? null : readEnv().BACKUP_KEEP;
  return {
    cutoffHours: policy.manageCutoffMs / 3_600_000,
    maxUpcoming: policy.maxUpcoming,
    retention: RETENTION_DAYS,
    backupDays: backups,
    // With Stripe connected and a service protected: its deposits and fees (docs/payments.md),
    // in the page's language.
    paymentPolicy: await publicPaymentPolicy(
      context.db,
      localeOfPath(new URL(request.url).pathname),
    ),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeOfMatches(matches);
  return pageMeta(matches, {
    title: titled(matches, m.policies_title({}, { locale })),
    description: m.policies_description({ name: salonNameOf(matches) }, { locale }),
    path: "/policies",
  });
};

/** A count with its word: "1 hour", "24 hours" / "1 hora", "24 horas". */
type Counted = (inputs: { count: number }, options: { locale: Locale }) => string;
const counted = (count: number, one: Counted, many: Counted, locale: Locale) =>
  (count === 1 ? one : many)({ count }, { locale });
const hours = (n: number, locale: Locale) => counted(n, m.policies_hour, m.policies_hours, locale);
const days = (n: number, locale: Locale) => counted(n, m.policies_day, m.policies_days, locale);
/** Whole years as years ("2 years"), anything else as days. */
const years = (n: number, locale: Locale) =>
  n % 365 === 0 ? counted(n / 365, m.policies_year, m.policies_years, locale) : days(n, locale);

type PoliciesData = Route.ComponentProps["loaderData"];

export default function Policies({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  return (
    <div className="page page--narrow policies">
      <header className="page-header">
        <p className="eyebrow">{m.policies_eyebrow({}, { locale })}</p>
        <h1>{m.policies_heading({}, { locale })}</h1>
        <p className="lead">{m.policies_lead({}, { locale })}</p>
      </header>

      <CancellationPolicy {...loaderData} />

      <PrivacyNotice {...loaderData} />
    </div>
  );
}

/** The salon's number, as a link that calls it. */
function Call() {
  const business = useSalon();
  return <a href={`tel:${business.phoneE164}`}>{business.phone}</a>;
}

function CancellationPolicy({ cutoffHours, maxUpcoming, paymentPolicy }: PoliciesData) {
  const business = useSalon();
  const locale = useLocale();
  const to = useLocalePath();
  const upcoming = counted(maxUpcoming, m.policies_upcoming_one, m.policies_upcoming_many, locale);
  return (
    <section aria-labelledby="cancellation-title">
      <h2 id="cancellation-title">{m.policies_cancellation({}, { locale })}</h2>
      {paymentPolicy.length > 0 ? (
        <>
          <h3>{m.policies_deposits({}, { locale })}</h3>
          <ul className="policies__payments">
            {paymentPolicy.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          <h3>{m.policies_moving({}, { locale })}</h3>
        </>
      ) : null}
      <ul>
        <li>
          {withNodes((p) => m.policies_move_online(p, { locale }), {
            hours: <strong>{hours(cutoffHours, locale)}</strong>,
          })}
        </li>
        <li>{withNodes((p) => m.policies_call_closer(p, { locale }), { phone: <Call /> })}</li>
        <li>{m.policies_arrive({ minutes: business.arriveEarlyMinutes }, { locale })}</li>
        <li>{m.policies_max_upcoming({ appointments: upcoming }, { locale })}</li>
      </ul>
      <p>
        <Link to={to("/schedule")}>{m.policies_book({}, { locale })}</Link>
      </p>
    </section>
  );
}

function PrivacyNotice({ retention, backupDays }: PoliciesData) {
  const business = useSalon();
  const locale = useLocale();
  const say = (message: (inputs: object, options: { locale: Locale }) => string) =>
    message({}, { locale });
  return (
    <section aria-labelledby="privacy-title">
      <h2 id="privacy-title">{say(m.policies_privacy)}</h2>
      <h3>{say(m.policies_keep_title)}</h3>
      <ul>
        <li>{say(m.policies_keep_booking)}</li>
        <li>{say(m.policies_keep_contact)}</li>
        <li>{say(m.policies_keep_waitlist)}</li>
        <li>{say(m.policies_keep_note)}</li>
        <li>{say(m.policies_keep_emails)}</li>
        <li>{say(m.policies_keep_network)}</li>
      </ul>
      <p>{say(m.policies_counting)}</p>

      <h3>{say(m.policies_how_long)}</h3>
      <ul>
        <li>{m.policies_long_emails({ days: days(retention.email, locale) }, { locale })}</li>
        <li>
          {m.policies_long_messages({ period: years(retention.message, locale) }, { locale })}
        </li>
        <li>{say(m.policies_long_waitlist)}</li>
        <li>
          {m.policies_long_visit({ period: years(retention.appointment, locale) }, { locale })}
        </li>
        <li>
          {m.policies_long_activity({ period: years(retention.activity, locale) }, { locale })}
        </li>
        {backupDays ? (
          <li>
            {m.policies_long_backups(
              {
                backups: counted(backupDays, m.policies_backup_one, m.policies_backup_many, locale),
              },
              { locale },
            )}
          </li>
        ) : null}
      </ul>

      <h3>{say(m.policies_delete_title)}</h3>
      <p>
        {withNodes((p) => m.policies_delete(p, { locale }), {
          phone: <Call />,
          email: <a href={`mailto:${business.email}`}>{business.email}</a>,
        })}
      </p>
    </section>
  );
}
