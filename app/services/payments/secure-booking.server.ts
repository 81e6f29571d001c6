// A protected visit the front desk booked (issue 40, docs/payments.md#secure-your-booking): the
// desk's 'Add Appointment' books it without any payment, so the desk sees it 'Not secured' and may
// email the customer 'Secure Your Booking' (a link to our page that goes on to Stripe Checkout,
// secure-checkout.server.ts) or waive it ('Protection waived'). Nothing here cancels a visit: if
// she never pays, the desk decides. Each change runs in the desk's transaction, with its log entry.
import { and, asc, eq, inArray } from "drizzle-orm";
import { DEFAULT_LOCALE } from "../../domain/i18n/locale";
import { formatCents } from "../../domain/money";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { languageOf } from "../booking/booked-appointment.server";
import { toBookedAppointment } from "../booking/booking.server";
import { inCustomerLanguage } from "../booking/customer-language.server";
import { hashManageToken, newManageToken } from "../booking/manage-token.server";
import type { Database, Transaction } from "../db/client.server";
import {
  appointments,
  protectionWaivers,
  secureBookingLinks,
  visitPayments,
} from "../db/schema.server";
import { enqueueCustomerEmail } from "../email/outbox.server";
import { stripeSettings } from "../platform/env.server";
import { listServiceProtections } from "./payment-settings.server";
import { CHECKOUT_OPEN_MS } from "./protected-booking.server";
import { secureBookingEmail, secureBookingUrl } from "./secure-email.server";
import { protectionOfVisit, type VisitProtection } from "./visit-protection.server";

type Reader = Pick<Database, "select">;
type AppointmentRow = typeof appointments.$inferSelect;
type PaymentRow = typeof visitPayments.$inferSelect;

/** What the desk sees of a desk-booked protected visit with no payment. */
export type DeskSecuring = "not-secured" | "waived";

export const SECURING_LABELS: Record<DeskSecuring, string> = {
  "not-secured": "Not secured",
  waived: "Protection waived",
};

/**
 * A payment that stands for the visit: paid or saved ('confirmed'), or her Checkout still open.
 * An emailed link's Checkout that closed unpaid (or whose close Stripe has not told yet) does not.
 */
function standing(payment: PaymentRow | undefined, now: Date): boolean {
  if (!payment || payment.state === "expired") return false;
  if (payment.state === "confirmed") return true;
  return payment.createdAt.getTime() + CHECKOUT_OPEN_MS > now.getTime();
}

const partsOf = (rows: readonly AppointmentRow[]) =>
  rows.flatMap((row) => (row.typeId ? [{ typeId: row.typeId, priceCents: row.priceCents }] : []));

/**
 * For the desk's list: each shown visit booked at the desk whose services ask a deposit or a card
 * and which has no payment standing: "not-secured", or "waived". Empty without Stripe's keys.
 */
export async function deskSecuring(
  db: Reader,
  shown: readonly { visitId: string }[],
  now = new Date(),
): Promise<Map<string, DeskSecuring>> {
  const found = new Map<string, DeskSecuring>();
  const visitIds = [...new Set(shown.map((a) => a.visitId))];
  if (visitIds.length === 0 || !stripeSettings()) return found;
  const asking = new Set(
    (await listServiceProtections(db))
      .filter((service) => service.protection.kind !== "none")
      .map((service) => service.typeId),
  );
  if (asking.size === 0) return found;
  const rows = await db
    .select()
    .from(appointments)
    .where(and(inArray(appointments.visitId, visitIds), eq(appointments.status, "booked")));
  const candidates = visitIds.filter((id) => {
    const visit = rows.filter((row) => row.visitId === id);
    return (
      visit.length > 0 &&
      visit.every((row) => row.channel === "staff") &&
      visit.some((row) => row.typeId !== null && asking.has(row.typeId))
    );
  });
  if (candidates.length === 0) return found;
  const [payments, waivers] = await Promise.all([
    db.select().from(visitPayments).where(inArray(visitPayments.visitId, candidates)),
    db.select().from(protectionWaivers).where(inArray(protectionWaivers.visitId, candidates)),
  ]);
  for (const visitId of candidates) {
    if (
      standing(
        payments.find((p) => p.visitId === visitId),
        now,
      )
    )
      continue;
    const visit = rows.filter((row) => row.visitId === visitId);
    if (!(await protectionOfVisit(db, partsOf(visit)))) continue;
    found.set(visitId, waivers.some((w) => w.visitId === visitId) ? "waived" : "not-secured");
  }
  return found;
}

/** Why the desk cannot email the link or waive the protection now. */
export type NotSecurable =
  | "off"
  | "not-found"
  | "started"
  | "not-desk"
  | "not-asked"
  | "secured"
  | "waived"
  | "no-email";

export interface SecurableVisit {
  /** The visit's booked appointments, in time order. */
  rows: AppointmentRow[];
  protection: VisitProtection;
}

/** The appointment's visit, if the desk may still email its link or waive it (rows locked). */
async function securableVisit(
  tx: Transaction,
  appointmentId: string,
  now: Date,
): Promise<{ ok: true; visit: SecurableVisit } | { ok: false; kind: NotSecurable }> {
  if (!stripeSettings()) return { ok: false, kind: "off" };
  const [appointment] = await tx
    .select({ visitId: appointments.visitId })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, "booked")));
  if (!appointment) return { ok: false, kind: "not-found" };
  const rows = (
    await tx
      .select()
      .from(appointments)
      .where(eq(appointments.visitId, appointment.visitId))
      .orderBy(asc(appointments.startsAt))
      .for("update")
  ).filter((row) => row.status === "booked");
  const first = rows[0];
  if (!first) return { ok: false, kind: "not-found" };
  if (first.startsAt <= now) return { ok: false, kind: "started" };
  if (rows.some((row) => row.channel !== "staff")) return { ok: false, kind: "not-desk" };
  const [payment] = await tx
    .select()
    .from(visitPayments)
    .where(eq(visitPayments.visitId, first.visitId));
  if (standing(payment, now)) return { ok: false, kind: "secured" };
  const protection = await protectionOfVisit(tx, partsOf(rows), languageOf(rows));
  if (!protection) return { ok: false, kind: "not-asked" };
  const [waiver] = await tx
    .select()
    .from(protectionWaivers)
    .where(eq(protectionWaivers.visitId, first.visitId));
  if (waiver) return { ok: false, kind: "waived" };
  return { ok: true, visit: { rows, protection } };
}

export type SecuringResult =
  | { ok: true; visit: SecurableVisit; asked: string }
  | { ok: false; kind: NotSecurable };

/** "a deposit of $25.00" or "a card on file": what the visit asks, as the log says it. */
export const askedText = (protection: VisitProtection) =>
  protection.ask.kind === "deposit"
    ? `a deposit of ${formatCents(protection.ask.cents)}`
    : "a card on file";

/** 'Waive Protection': nothing more is asked of the visit; the desk's label says so. */
export async function waiveProtection(
  tx: Transaction,
  appointmentId: string,
  by: { email: string },
  now = new Date(),
): Promise<SecuringResult> {
  const found = await securableVisit(tx, appointmentId, now);
  if (!found.ok) return found;
  const { visit } = found;
  await tx
    .insert(protectionWaivers)
    .values({ visitId: visit.rows[0]?.visitId ?? "", waivedBy: by.email, waivedAt: now })
    .onConflictDoNothing();
  return { ok: true, visit, asked: askedText(visit.protection) };
}

/**
 * 'Email Secure Your Booking': a new link (its token only in this email, its hash kept) and the
 * email, in her language, to the outbox in the desk's transaction. Each press sends a new one.
 */
export async function emailSecureLink(
  tx: Transaction,
  appointmentId: string,
  options: { by: { email: string }; siteUrl: string; salon: SalonDetails; now?: Date },
): Promise<SecuringResult> {
  const now = options.now ?? new Date();
  const found = await securableVisit(tx, appointmentId, now);
  if (!found.ok) return found;
  const { rows, protection: asked } = found.visit;
  const first = rows[0] as AppointmentRow;
  if (!first.email) return { ok: false, kind: "no-email" };
  const token = newManageToken();
  await tx.insert(secureBookingLinks).values({
    tokenHash: hashManageToken(token),
    visitId: first.visitId,
    sentBy: options.by.email,
    createdAt: now,
  });
  const visit = rows.map(toBookedAppointment);
  const locale = languageOf(visit) ?? DEFAULT_LOCALE;
  const hers = await inCustomerLanguage(tx, visit);
  const link = secureBookingUrl(options.siteUrl, token, locale);
  await enqueueCustomerEmail(tx, secureBookingEmail(hers, asked, link, options.salon), { now });
  return { ok: true, visit: found.visit, asked: askedText(asked) };
}
