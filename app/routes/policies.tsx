import { Link } from "react-router";
import { pageMeta, salonNameOf, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useSalon } from "~/lib/salon";
import { publicPaymentPolicy } from "~/services/payments/payment-settings.server";
import { bookingPolicy, readEnv } from "~/services/platform/env.server";
import { RETENTION_DAYS } from "~/services/staff/retention.server";
import type { Route } from "./+types/policies";

// The cancellation policy and the privacy notice (docs/product.md#privacy): every figure comes
// from the configuration and the retention the server applies, so the page says what happens.
export const handle = {
  page: "Policies",
  cache: "static",
  listed: true,
  styles: ["policies"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const policy = bookingPolicy();
  const backups = readEnv().BACKUP_DIR === undefined ? null : readEnv().BACKUP_KEEP;
  return {
    cutoffHours: policy.manageCutoffMs / 3_600_000,
    maxUpcoming: policy.maxUpcoming,
    retention: RETENTION_DAYS,
    backupDays: backups,
    // With Stripe connected and a service protected: its deposits and fees (docs/payments.md).
    paymentPolicy: await publicPaymentPolicy(context.db),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: titled(matches, "Cancellation Policy and Privacy"),
    description: `How to move or cancel an appointment at ${salonNameOf(matches)}, what we keep of your details, for how long, and how to have them deleted.`,
    path: "/policies",
  });

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
const years = (days: number) =>
  days % 365 === 0 ? plural(days / 365, "year") : plural(days, "day");

type PoliciesData = Route.ComponentProps["loaderData"];

export default function Policies({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page page--narrow policies">
      <header className="page-header">
        <p className="eyebrow">Policies</p>
        <h1>Cancellation and Privacy</h1>
        <p className="lead">
          How to change or cancel a visit, and what we do with the details you give us.
        </p>
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
  return (
    <section aria-labelledby="cancellation-title">
      <h2 id="cancellation-title">Cancellation policy</h2>
      {paymentPolicy.length > 0 ? (
        <>
          <h3>Deposits and fees</h3>
          <ul className="policies__payments">
            {paymentPolicy.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          <h3>Moving and cancelling</h3>
        </>
      ) : null}
      <ul>
        <li>
          Your confirmation email has a link to move or cancel your appointment yourself, at any
          time until <strong>{plural(cutoffHours, "hour")}</strong> before it starts.
        </li>
        <li>
          Closer to the time, please call us at <Call />: we will always try to find you another
          time.
        </li>
        <li>
          Please arrive {business.arriveEarlyMinutes} minutes early. If you arrive late, we may have
          to ask you to book another time, so the next guest is not kept waiting.
        </li>
        <li>
          Online, one guest can hold up to {plural(maxUpcoming, "upcoming appointment")} at a time.
          For more, call us and we will book them for you.
        </li>
      </ul>
      <p>
        <Link to="/schedule">Book an appointment</Link>
      </p>
    </section>
  );
}

function PrivacyNotice({ retention, backupDays }: PoliciesData) {
  const business = useSalon();
  return (
    <section aria-labelledby="privacy-title">
      <h2 id="privacy-title">Privacy notice</h2>
      <h3>What we keep</h3>
      <ul>
        <li>
          When you book: your name, email and phone (if you give it), and the service, time and
          technician you chose.
        </li>
        <li>When you write to us: your name, email, the reason and your message.</li>
        <li>
          When you join the waitlist for a day: your name, email, the service and the times of day
          that suit you.
        </li>
        <li>
          A short note our staff may keep for your next visit, such as your nail shape, favourite
          colours or allergies.
        </li>
        <li>
          Copies of the emails we send you, and of our own notices about your bookings and messages,
          and a record of what our staff changed, which may name you.
        </li>
        <li>
          For about a day, your network address with a count of attempts, to stop abuse of our
          forms; and, with a booking made online, the network it came from (your address, or the
          part your provider gives your home), until the day after the visit, to count the bookings
          one connection makes for one day.
        </li>
      </ul>
      <p>
        We count visits to each page, without cookies or anything that identifies you. We use no
        tracking or advertising cookies, and we never sell or share your details.
      </p>

      <h3>For how long</h3>
      <ul>
        <li>
          Copies of our emails to you and about you: {plural(retention.email, "day")} after sending.
        </li>
        <li>Messages from the contact form: {years(retention.message)}.</li>
        <li>Your place on a waitlist: until the end of its day.</li>
        <li>
          Your name, email and phone on a visit: {years(retention.appointment)} after it, then they
          are removed. A note for your visits goes once none is that recent.
        </li>
        <li>Our staff's record of changes: {years(retention.activity)}.</li>
        {backupDays ? (
          <li>Backups of all of this: we keep the last {plural(backupDays, "daily backup")}.</li>
        ) : null}
      </ul>

      <h3>Having your details deleted</h3>
      <p>
        Call us at <Call /> or email <a href={`mailto:${business.email}`}>{business.email}</a> and
        ask us to forget you. We remove your name, email and phone from your past visits and delete
        your messages, your places on the waitlist, your note and the emails we sent you or about
        you, at once. Upcoming appointments are cancelled first, and you get an email saying so. Our
        staff's record of changes and our backups keep what they hold until their time above is up.
      </p>
    </section>
  );
}
