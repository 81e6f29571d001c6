// Rows for integration tests with names of their own (docs/architecture.md#tests): a service, a
// technician, a customer, an appointment, each with a fresh name, so a test says only what it
// means and depends on no seed ('Gel Manicure', 'Nina' are the first-start catalogue's, which a
// test about that catalogue should use, and no other). Each takes overrides for what the test
// is about; `...Data` builds the values, `create...` stores them and returns the stored row.
import { randomBytes } from "node:crypto";
import type { Database } from "~/services/db/client.server";
import {
  appointments,
  appointmentTypes,
  paymentRefunds,
  technicians,
  visitPayments,
} from "~/services/db/schema.server";

type ServiceRow = typeof appointmentTypes.$inferSelect;
type TechnicianRow = typeof technicians.$inferSelect;
type AppointmentInsert = typeof appointments.$inferInsert;

let made = 0;
/** A short suffix no other row of this run has: "3-1f0a". */
function unique(): string {
  made += 1;
  return `${made}-${randomBytes(2).toString("hex")}`;
}

export function serviceData(
  overrides: Partial<typeof appointmentTypes.$inferInsert> = {},
): typeof appointmentTypes.$inferInsert {
  return {
    type: `Service ${unique()}`,
    category: "Test Services",
    daysOfWeek: "Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday",
    durationMin: 30,
    description: "A service made by a test.",
    startTime: "10:00",
    endTime: "18:00",
    technicians: ["any"],
    priceCents: 4000,
    ...overrides,
  };
}

export async function createService(
  db: Database,
  overrides: Partial<typeof appointmentTypes.$inferInsert> = {},
): Promise<ServiceRow> {
  const [row] = await db.insert(appointmentTypes).values(serviceData(overrides)).returning();
  if (!row) throw new Error("The service was not stored");
  return row;
}

export async function createTechnician(
  db: Database,
  overrides: Partial<typeof technicians.$inferInsert> = {},
): Promise<TechnicianRow> {
  const [row] = await db
    .insert(technicians)
    .values({ name: `Tech ${unique()}`, ...overrides })
    .returning();
  if (!row) throw new Error("The technician was not stored");
  return row;
}

export interface Customer {
  name: string;
  email: string | null;
  /** E.164, as bookings store it. */
  phone: string | null;
}

/** A customer is who booked (docs/architecture.md: an email, or a phone): no row of her own. */
export function customerData(overrides: Partial<Customer> = {}): Customer {
  const id = unique();
  const digits = String(made % 10_000).padStart(4, "0");
  return {
    name: `Customer ${id}`,
    email: `customer-${id}@example.com`,
    phone: `+1312555${digits}`,
    ...overrides,
  };
}

export interface AppointmentOptions extends Partial<AppointmentInsert> {
  startsAt: Date;
  /** The booked service: its id, name, category, minutes and price are copied, as booking does. */
  service?: ServiceRow;
  customer?: Customer;
}

/** An appointment's values; without a service, one by name only (as a removed service leaves). */
export function appointmentData(options: AppointmentOptions): AppointmentInsert {
  const { service, customer = customerData(), startsAt, ...overrides } = options;
  const minutes = service?.durationMin ?? 30;
  return {
    ...customer,
    typeId: service?.id ?? null,
    typeName: service?.type ?? `Service ${unique()}`,
    category: service?.category ?? "Test Services",
    technician: `Tech ${unique()}`,
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * 60_000),
    priceCents: service?.priceCents ?? 4000,
    channel: "staff",
    ...overrides,
  };
}

export async function createAppointment(
  db: Database,
  options: AppointmentOptions,
): Promise<typeof appointments.$inferSelect> {
  const [row] = await db.insert(appointments).values(appointmentData(options)).returning();
  if (!row) throw new Error("The appointment was not stored");
  return row;
}

type VisitPaymentInsert = typeof visitPayments.$inferInsert;

/**
 * A protected visit's payment as the webhook leaves it once Checkout completed (docs/payments.md):
 * confirmed, with the agreement's evidence; the test gives the visit, the kind and Stripe's ids.
 */
export function visitPaymentData(
  overrides: Partial<VisitPaymentInsert> & Pick<VisitPaymentInsert, "visitId" | "kind">,
): VisitPaymentInsert {
  const now = new Date();
  return {
    state: "confirmed",
    policyText: "If you do not come, we charge 50% of the visit's price.",
    policyVersion: 1,
    agreedAt: now,
    confirmedAt: now,
    ...overrides,
  };
}

export async function createVisitPayment(
  db: Database,
  overrides: Partial<VisitPaymentInsert> & Pick<VisitPaymentInsert, "visitId" | "kind">,
): Promise<typeof visitPayments.$inferSelect> {
  const [row] = await db.insert(visitPayments).values(visitPaymentData(overrides)).returning();
  if (!row) throw new Error("The visit's payment was not stored");
  return row;
}

type RefundInsert = typeof paymentRefunds.$inferInsert;

/** A refund of a visit's deposit or fee, as refunds.server.ts records it: its whole amount by default. */
export async function createPaymentRefund(
  db: Database,
  overrides: Partial<RefundInsert> &
    Pick<RefundInsert, "visitId" | "kind" | "cents" | "refundedAt">,
): Promise<typeof paymentRefunds.$inferSelect> {
  const [row] = await db
    .insert(paymentRefunds)
    .values({
      paymentIntentId: `pi_test_${unique()}`,
      totalRefundedCents: overrides.cents,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("The refund was not stored");
  return row;
}
