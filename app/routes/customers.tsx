import { data, redirect, type ShouldRevalidateFunction, useFetcher } from "react-router";
import { CustomerAppointments } from "~/components/customers/customer-appointments";
import { CustomerMatches } from "~/components/customers/customer-matches";
import { CustomerSearchForm } from "~/components/customers/customer-search-form";
import { ForgetCustomer } from "~/components/customers/forget-customer";
import { LanguageTag } from "~/components/language-tag";
import { PhoneLink } from "~/components/phone-link";
import { SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { PHONE_KEY } from "~/domain/customer-key";
import { formatCents } from "~/domain/money";
import { queryFlag, queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { FEE_REFUND_STATUS } from "~/lib/fee-refund-status.server";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { staffContext } from "~/lib/staff-only.server";
import { type DeskPayment, visitPaymentLabels } from "~/services/booking/desk-payment.server";
import type { Database } from "~/services/db/client.server";
import type { StaffUser } from "~/services/db/schema.server";
import { lateFeeRefundsOffered, refundLateFeeOf } from "~/services/payments/late-fee-refund.server";
import { type FormFields, parseForm, readForm, textFields } from "~/services/platform/form.server";
import { type QueryRead, readsQuery } from "~/services/platform/query.server";
import { findCustomers, readCustomer, saveCustomerNotes } from "~/services/staff/customers.server";
import { forgetCustomer } from "~/services/staff/retention.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/customers";

// Staff only through its layout (app/routes/staff-layout.tsx). ?q= searches, ?email= is one
// customer's page, ?phone= one booked by phone alone (docs/product.md#customers).
export const handle = {
  page: "Customers",
  // A search or a customer's page is the same page view as the page's first load.
  pageViews: { notWithQuery: ["q", "email", "phone"] },
  hydrate: true,
  styles: ["forms", "dialog", "button-danger", "staff", "customers"],
} satisfies RouteHandle;

const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: SALON_TIME_ZONE,
});
const shortDate = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeZone: SALON_TIME_ZONE,
});

/** What it reads of its address (docs/security.md#queries). */
const CustomersQuery = z.object({
  q: queryLine(500),
  email: queryLine(300),
  phone: queryLine(40),
  forgotten: queryFlag,
});

export const loader = readsQuery(CustomersQuery, customersPage);

async function customersPage(
  { context }: Route.LoaderArgs,
  read: QueryRead<typeof CustomersQuery>,
) {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const query = read.data.q ?? "";
  const phone = read.data.phone;
  const email = read.data.email ?? (phone ? `${PHONE_KEY}${phone}` : null);
  const customer = email ? await readCustomer(context.db, email) : undefined;
  // A protected visit's payment as the desk says it, and what a cancelled one's late fee came to.
  const payments = customer
    ? await visitPaymentLabels(context.db, [
        ...new Set(customer.appointments.map((a) => a.visitId)),
      ])
    : new Map<string, DeskPayment>();
  // A visit is paid once: its payment shows on its first appointment's row (the list is newest
  // first, and a later entry of a Map wins: its earliest).
  const firstOfVisit = new Map(
    (customer?.appointments ?? []).map((a): [string, string] => [a.visitId, a.id]),
  );
  // The owner's refund of a late cancellation fee, its card part and the deposit kept toward it
  // (docs/payments.md#refunding-a-fee).
  const cancelled = customer?.appointments.filter((a) => a.status === "cancelled") ?? [];
  const refunds =
    context.get(staffContext).role === "owner"
      ? await lateFeeRefundsOffered(
          context.db,
          cancelled.map((a) => a.visitId),
        )
      : new Map<string, number>();
  const matches = query ? await findCustomers(context.db, query) : null;
  return {
    query,
    matches: matches?.map((match) => ({
      key: match.key,
      email: match.email,
      name: match.name,
      phone: match.phone,
      appointments: match.appointments,
      noShows: match.noShows,
      latest: shortDate.format(match.latest),
    })),
    customer: customer && {
      ...customer,
      appointments: customer.appointments.map(({ startsAt: _startsAt, visitId, ...row }) => {
        const paid = firstOfVisit.get(visitId) === row.id;
        return {
          ...row,
          payment: paid ? paymentWords(payments.get(visitId), row.status) : null,
          refund: paid && row.status === "cancelled" ? centsOrNull(refunds.get(visitId)) : null,
        };
      }),
      notes: customer.notes && {
        note: customer.notes.note,
        saved: `Saved by ${customer.notes.updatedBy}, ${dateTime.format(customer.notes.updatedAt)}`,
      },
    },
    missing: email !== null && !customer,
    forgotten: read.data.forgotten,
  };
}

const centsOrNull = (cents: number | undefined) => (cents ? formatCents(cents) : null);

/** The desk's words, and of a cancelled visit what the salon kept of its deposit (a late fee's part). */
const paymentWords = (payment: DeskPayment | undefined, status: "booked" | "cancelled") =>
  payment
    ? `${payment.label}${status === "cancelled" && payment.depositCents ? `, ${formatCents(payment.depositCents)} of the deposit kept` : ""}`
    : null;

/** 'Client Notes', 'Forget Customer' and 'Refund Late Cancellation Fee'; the services check the fields. */
const CustomerForm = textFields("email", "note", "asked", "id").extend({
  intent: z.enum(["save-notes", "forget", "refund-late-fee"]),
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const read = form && parseForm(form, CustomerForm);
  if (!read?.ok) return data({ ok: false as const, message: "The form could not be read." }, 400);
  const { intent, ...fields } = read.data;
  if (intent === "forget") return forget(context.db, user, fields);
  if (intent === "refund-late-fee") {
    const answer = await refundLateFeeOf(context.db, fields.id, user);
    if (answer.ok) return data({ ok: true as const, message: answer.said });
    return data({ ok: false as const, message: answer.message }, FEE_REFUND_STATUS[answer.why]);
  }
  // The note and its record in the staff's activity log, in one transaction.
  const result = await context.db.transaction(async (tx) => {
    const result = await saveCustomerNotes(tx, fields.email, fields.note, user.email);
    if (result.ok) await recordStaffAction(tx, user, `Saved the client notes of ${fields.email}`);
    return result;
  });
  if (result.ok) return data({ ok: true as const, message: "Saved." });
  return data(
    {
      ok: false as const,
      message: result.kind === "too-long" ? "At most 4000 characters." : "No such customer.",
    },
    result.kind === "too-long" ? 400 : 404,
  );
}

/**
 * 'Forget Customer', when they asked (docs/product.md#privacy): recorded without their name, and
 * the list is shown again, saying so.
 */
async function forget(db: Database, user: StaffUser, fields: FormFields) {
  if (fields.asked !== "yes") {
    return data({ ok: false as const, message: "Tick 'They asked to be forgotten' first." }, 400);
  }
  const result = await db.transaction(async (tx) => {
    const result = await forgetCustomer(tx, fields.email);
    if (result.ok) {
      const { appointments, messages, waitlist } = result;
      const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
      await recordStaffAction(
        tx,
        user,
        `Forgot a customer at their request (${count(appointments, "visit")}, ${count(messages, "message")}, ${count(waitlist, "waitlist place")})`,
      );
    }
    return result;
  });
  if (result.ok) throw redirect("/customers?forgotten");
  if (result.kind === "upcoming") {
    return data(
      {
        ok: false as const,
        message: `Cancel their ${result.count === 1 ? "upcoming appointment" : `${result.count} upcoming appointments`} first: they are emailed, then forgotten.`,
      },
      409,
    );
  }
  return data({ ok: false as const, message: "No such customer." }, 404);
}

// The notes form answers in place; the page's data does not change otherwise, but for a refund
// (its visit's payment then says what was refunded).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  formData,
  defaultShouldRevalidate,
}) => {
  // Whatever it answered (refunded, or already refunded, disputed: read again either way).
  if (formData?.get("intent") === "refund-late-fee") return true;
  return formMethod === "POST" ? false : defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Customers");

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { query, matches, customer, missing } = loaderData;
  return (
    <div className="page staff-page">
      <header className="page-header">
        <p className="eyebrow">Staff</p>
        <h1>{customer ? customer.name : "Customers"}</h1>
        {customer ? (
          <p className="lead">
            {customer.email ? (
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            ) : (
              "No Email"
            )}
            {customer.phones.map((phone) => (
              <span key={phone}>
                {" · "}
                <PhoneLink phone={phone} />
              </span>
            ))}
            <LanguageTag language={customer.language} />
          </p>
        ) : (
          <p className="lead">Find a customer by name, email or phone, on any date.</p>
        )}
      </header>

      <section aria-labelledby="find-title" className="staff-section">
        <h2 id="find-title">Find Customer</h2>
        <CustomerSearchForm query={query} />
        {matches ? <CustomerMatches matches={matches} query={query} /> : null}
        {missing ? <p role="alert">No appointments are booked under that email or phone.</p> : null}
        {loaderData.forgotten ? (
          <p role="status">
            The customer was forgotten: their visits stay, without their name, email or phone.
          </p>
        ) : null}
      </section>

      {customer ? (
        <>
          <CustomerAppointments customer={customer} />
          <CustomerNotes email={customer.key} notes={customer.notes} />
          <ForgetCustomer email={customer.key} name={customer.name} />
        </>
      ) : null}
    </div>
  );
}

function CustomerNotes({
  email,
  notes,
}: {
  email: string;
  notes: { note: string; saved: string } | null;
}) {
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    // Not a named region: its one field is 'Client Notes' by itself.
    <section className="staff-section">
      <h2>Client Notes</h2>
      <fetcher.Form method="post" className="notes-form">
        <input type="hidden" name="intent" value="save-notes" />
        <input type="hidden" name="email" value={email} />
        <div className="field">
          <label htmlFor="client-notes">Client Notes</label>
          <textarea
            id="client-notes"
            name="note"
            rows={5}
            maxLength={4000}
            defaultValue={notes?.note ?? ""}
            placeholder="Nail shape, favourite colours, allergies..."
            aria-describedby="client-notes-saved"
          />
          <p className="field__hint" id="client-notes-saved" role="status">
            {answer ? answer.message : (notes?.saved ?? "Kept across visits; only staff see it.")}
          </p>
        </div>
        <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
          Save Notes
        </button>
      </fetcher.Form>
    </section>
  );
}
