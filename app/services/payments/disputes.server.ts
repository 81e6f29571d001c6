// A customer's bank disputing a payment (issue 40, docs/payments.md#disputes): Stripe's
// charge.dispute.created, in the webhook's transaction with the event's id. A dispute of a
// visit's deposit or fee marks the visit (payment_disputes: the desk shows it) and the owner's
// email names the customer, the visit and what was disputed; any other dispute is emailed and
// logged as a payment of the salon's. Either way the owner answers it in Stripe's dashboard;
// charge.dispute.closed then says how it ended (won: the money stays; lost: her bank took it back),
// on the desk and in the log.
import { and, asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { formatDateString, formatSlotLabel, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { formatCents } from "../../domain/money";
import { PAID_KIND_WORDS } from "../../domain/payments/payment-policy";
import type { SalonDetails } from "../../domain/salon/salon-details";
import type { Transaction } from "../db/client.server";
import { appointments, paymentDisputes } from "../db/schema.server";
import { type EmailContent, paragraph, renderEmail, rows } from "../email/email-blocks.server";
import { enqueueEmail } from "../email/outbox.server";
import { formatSalonDateTime } from "../email/templates.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import { visitWords } from "./fee-events.server";
import { STRIPE_ACTOR } from "./paid-visits.server";
import { idOf, paymentOfIntent } from "./refunds.server";

/** The disputed visit, as the owner's email and the log name it. */
interface DisputedVisit {
  name: string;
  /** "Thursday, December 10 2026 at 3:00 PM" */
  when: string;
  services: string;
  /** "the deposit", "the no-show fee". */
  what: string;
}

/** charge.dispute.created: the visit marked when the payment is one of a visit's, the owner emailed. */
export async function applyDisputeCreated(
  tx: Transaction,
  dispute: Stripe.Dispute,
  salon: SalonDetails,
  now: Date,
): Promise<void> {
  const visit = await markVisit(tx, dispute, now);
  if (visit === "known") return;
  await enqueueEmail(tx, { to: salon.email, ...disputeEmail(dispute, visit, salon) });
  const amount = formatCents(dispute.amount);
  await recordStaffAction(
    tx,
    STRIPE_ACTOR,
    visit
      ? `${visit.name} disputed ${visit.what} of ${amount} for the visit of ${visit.when} (${dispute.reason}); the owner was emailed`
      : `A customer disputed a payment of ${amount} (${dispute.reason}); the owner was emailed`,
  );
}

/**
 * Stores the dispute of a visit's payment, open, once: the payment it is about (undefined when it
 * is no visit's), and whether this call stored it.
 */
async function recordDispute(tx: Transaction, dispute: Stripe.Dispute, openedAt: Date) {
  const intentId = idOf(dispute.payment_intent);
  const found = intentId ? await paymentOfIntent(tx, intentId) : undefined;
  if (!found) return undefined;
  const [recorded] = await tx
    .insert(paymentDisputes)
    .values({
      disputeId: dispute.id,
      visitId: found.payment.visitId,
      kind: found.kind,
      cents: dispute.amount,
      reason: dispute.reason.slice(0, 100) || "unknown",
      openedAt,
    })
    .onConflictDoNothing()
    .returning({ disputeId: paymentDisputes.disputeId });
  return { ...found, recorded: Boolean(recorded) };
}

/**
 * Records the dispute against its visit: undefined when the payment is no visit's, "known" when
 * this dispute was recorded before (told again under another event id: nothing more to do).
 */
async function markVisit(
  tx: Transaction,
  dispute: Stripe.Dispute,
  now: Date,
): Promise<DisputedVisit | "known" | undefined> {
  const found = await recordDispute(tx, dispute, now);
  if (!found) return undefined;
  if (!found.recorded) return "known";
  const booked = await tx
    .select({
      name: appointments.name,
      startsAt: appointments.startsAt,
      typeName: appointments.typeName,
    })
    .from(appointments)
    .where(eq(appointments.visitId, found.payment.visitId))
    .orderBy(asc(appointments.startsAt));
  const first = booked[0];
  if (!first) return undefined;
  return {
    name: first.name,
    when: `${formatDateString(first.startsAt, SALON_TIME_ZONE)} at ${formatSlotLabel(first.startsAt, SALON_TIME_ZONE)}`,
    services: booked.map((row) => row.typeName).join(" and "),
    what: `the ${PAID_KIND_WORDS[found.kind]}`,
  };
}

/** To the salon: a customer disputed a payment; answer it in Stripe's dashboard in time. */
function disputeEmail(
  dispute: Stripe.Dispute,
  visit: DisputedVisit | undefined,
  salon: SalonDetails,
): EmailContent {
  const due = dispute.evidence_details.due_by;
  return renderEmail({
    subject: `A payment of ${formatCents(dispute.amount)} was disputed`,
    blocks: [
      paragraph(
        visit
          ? `${visit.name}'s bank has opened a dispute about ${visit.what} she paid for her visit. Answer it in Stripe's dashboard, under Payments > Disputes, with what she agreed to when booking (the visit's cancellation policy, kept with it).`
          : "A customer's bank has opened a dispute about a payment to the salon. Answer it in Stripe's dashboard, under Payments > Disputes, with what the customer agreed to when booking.",
      ),
      rows([
        ...(visit
          ? ([
              ["Customer", visit.name],
              ["Visit", `${visit.when}, ${visit.services}`],
              ["Disputed", visit.what.replace(/^the /, "")],
            ] as const)
          : []),
        ["Amount", formatCents(dispute.amount)],
        ["Reason", dispute.reason],
        ["Dispute", dispute.id],
        ...(due ? ([["Answer by", formatSalonDateTime(new Date(due * 1000))]] as const) : []),
      ]),
    ],
    salon,
  });
}

/**
 * charge.dispute.closed of a visit's dispute still open: won (Stripe's 'won', or 'warning_closed':
 * the inquiry ended with the money kept) or lost, with its log entry; any other dispute, or one
 * already closed, changes nothing. A visit's dispute whose charge.dispute.created never came (or
 * comes later: it then finds it known) is stored first, opened when Stripe says.
 */
export async function applyDisputeClosed(
  tx: Transaction,
  dispute: Stripe.Dispute,
  at: Date,
): Promise<void> {
  const status = dispute.status === "lost" ? "lost" : "won";
  await recordDispute(tx, dispute, new Date(dispute.created * 1000));
  const [closed] = await tx
    .update(paymentDisputes)
    .set({ status, closedAt: at })
    .where(and(eq(paymentDisputes.disputeId, dispute.id), eq(paymentDisputes.status, "open")))
    .returning();
  if (!closed) return;
  const outcome =
    status === "won"
      ? "was won: the money stays with the salon"
      : "was lost: her bank took the money back";
  await recordStaffAction(
    tx,
    STRIPE_ACTOR,
    `The dispute of ${formatCents(closed.cents)} about the ${PAID_KIND_WORDS[closed.kind]} of ${await visitWords(tx, closed.visitId)} ${outcome}`,
  );
}
