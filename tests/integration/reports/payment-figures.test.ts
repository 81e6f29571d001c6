// Reports' money taken and given back through Stripe (issue 40, docs/product.md#reports,
// docs/payments.md): protected visits stored as the payment code leaves them (visit_payments,
// payment_refunds), read through the owner's /reports loader and its revenue CSV as React Router
// runs them behind the staff layout's middleware, on a real database. Each figure is summed here
// again from the rows this test inserted, by when the money moved on the salon's clock (read
// through Intl, not the report's code): deposits on their confirmation, fees only when they
// succeeded, each refund of a deposit or of a fee on its own date (a deposit refunded in two
// steps counts in two periods). A deposit paid the minute before the period ends counts, one
// paid the minute after does not; a failed and a processing fee, a payment completed after its
// time was released (and its refund) and one still awaiting count nowhere; a completed visit's
// deposit is not added to 'Charged' (the desk enters the visit's whole price there).
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/reports";
import { loader as csvLoader } from "~/routes/reports-csv";
import type { RefundKind, visitPayments } from "~/services/db/schema.server";
import {
  createAppointment,
  createPaymentRefund,
  createVisitPayment,
} from "../../support/factories";
import { asStaff, setUpStaffDesk } from "../../support/staff-desk";

const desk = setUpStaffDesk();

const PERIOD = { from: "2026-03-02", to: "2026-03-08" };
const PREVIOUS = { from: "2026-02-23", to: "2026-03-01" };
const QUERY = `period=custom&from=${PERIOD.from}&to=${PERIOD.to}`;

type Payment = Partial<typeof visitPayments.$inferInsert> &
  Pick<typeof visitPayments.$inferInsert, "kind"> & {
    /** What the visit's one appointment was marked, and its amount if completed. */
    visit?: "completed" | "no_show" | "cancelled";
    chargedCents?: number;
    /** Each refund of its deposit (or of a fee, when said), in turn, as refunds.server.ts keeps them. */
    refunds?: { kind?: RefundKind; cents: number; at: Date }[];
  };

const at = (iso: string) => new Date(iso);

/**
 * One protected visit each. The period runs in the salon (America/Chicago) from 2 March 00:00
 * CST (06:00Z) to 9 March 00:00 CDT (05:00Z): daylight saving begins on its last day.
 */
const PAYMENTS: Payment[] = [
  // Deposit paid in the period; the visit completed and charged its whole price.
  {
    kind: "deposit",
    state: "confirmed",
    paidCents: 2500,
    confirmedAt: at("2026-03-03T16:00:00Z"),
    visit: "completed",
    chargedCents: 8000,
  },
  // Deposit paid in the previous period; a no-show fee charged in this one.
  {
    kind: "deposit",
    state: "confirmed",
    paidCents: 3000,
    confirmedAt: at("2026-02-25T18:00:00Z"),
    noShowFeeCents: 1500,
    noShowFeeState: "succeeded",
    noShowFeeAt: at("2026-03-02T17:30:00Z"),
    visit: "no_show",
    // The owner refunded $10 of the fee in Stripe's dashboard two days later.
    refunds: [{ kind: "no_show_fee", cents: 1000, at: at("2026-03-04T19:00:00Z") }],
  },
  // Deposit paid in the period, refunded in full in it (the salon cancelled).
  {
    kind: "deposit",
    state: "confirmed",
    paidCents: 2000,
    confirmedAt: at("2026-03-05T15:00:00Z"),
    refundedCents: 2000,
    refundedAt: at("2026-03-06T20:00:00Z"),
    visit: "cancelled",
    refunds: [{ cents: 2000, at: at("2026-03-06T20:00:00Z") }],
  },
  // Late cancellation: the deposit (previous period) kept, the fee beyond it charged now.
  {
    kind: "deposit",
    state: "confirmed",
    paidCents: 2500,
    confirmedAt: at("2026-02-27T15:00:00Z"),
    lateFeeCents: 1500,
    lateFeeState: "succeeded",
    lateFeeAt: at("2026-03-07T22:00:00Z"),
    visit: "cancelled",
  },
  // Refunded in two steps: $15 in Stripe's dashboard the day it was paid (the previous period),
  // then, the customer cancelling late, down to the fee now. Each on its own day.
  {
    kind: "deposit",
    state: "confirmed",
    paidCents: 6000,
    confirmedAt: at("2026-02-28T15:00:00Z"),
    refundedCents: 3500,
    refundedAt: at("2026-03-03T18:00:00Z"),
    visit: "cancelled",
    refunds: [
      { cents: 1500, at: at("2026-02-28T20:00:00Z") },
      { cents: 2000, at: at("2026-03-03T18:00:00Z") },
    ],
  },
  // 23:30 on the period's last day (CDT, UTC-5): in it.
  {
    kind: "deposit",
    state: "confirmed",
    paidCents: 1800,
    confirmedAt: at("2026-03-09T04:30:00Z"),
  },
  // 00:30 on 9 March (CDT): after the period, in neither.
  {
    kind: "deposit",
    state: "confirmed",
    paidCents: 1200,
    confirmedAt: at("2026-03-09T05:30:00Z"),
  },
  // Refunded at 23:30 on 1 March (CST, UTC-6): the previous period's, as its deposit is.
  {
    kind: "deposit",
    state: "confirmed",
    paidCents: 700,
    confirmedAt: at("2026-02-24T12:00:00Z"),
    refundedCents: 700,
    refundedAt: at("2026-03-02T05:30:00Z"),
    visit: "cancelled",
    refunds: [{ cents: 700, at: at("2026-03-02T05:30:00Z") }],
  },
  // A card on file whose no-show fee was declined in the period: nothing charged.
  {
    kind: "card",
    state: "confirmed",
    confirmedAt: at("2026-02-20T12:00:00Z"),
    noShowFeeCents: 4000,
    noShowFeeState: "failed",
    noShowFeeAt: at("2026-03-04T20:00:00Z"),
    noShowFeeAttempts: 1,
    visit: "no_show",
  },
  // A late fee still processing at Stripe: not charged yet.
  {
    kind: "card",
    state: "confirmed",
    confirmedAt: at("2026-02-21T12:00:00Z"),
    lateFeeCents: 1500,
    lateFeeState: "processing",
    lateFeeAt: at("2026-03-05T20:00:00Z"),
    visit: "cancelled",
  },
  // A card on file's no-show fee charged in the previous period.
  {
    kind: "card",
    state: "confirmed",
    confirmedAt: at("2026-02-20T13:00:00Z"),
    noShowFeeCents: 2000,
    noShowFeeState: "succeeded",
    noShowFeeAt: at("2026-02-26T18:00:00Z"),
    visit: "no_show",
  },
  // Paid after its time was released ('expired', never confirmed: refunded in the dashboard, as
  // the log asks, and counted in neither row), and one still awaiting.
  {
    kind: "deposit",
    state: "expired",
    paidCents: 2500,
    confirmedAt: null,
    refunds: [{ cents: 2500, at: at("2026-03-05T16:00:00Z") }],
  },
  { kind: "deposit", state: "awaiting", amountCents: 2500, confirmedAt: null },
];

const salonDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Chicago",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

function within(when: Date | null | undefined, range: { from: string; to: string }): boolean {
  if (!when) return false;
  const date = salonDate.format(when);
  return range.from <= date && date <= range.to;
}

/** The four figures of a range, summed from PAYMENTS by this test's own reading of them. */
function expected(range: { from: string; to: string }) {
  const sum = (pick: (p: Payment) => number) => PAYMENTS.reduce((s, p) => s + pick(p), 0);
  const confirmed = (p: Payment) => p.state === "confirmed";
  return {
    deposits: sum((p) => (confirmed(p) && within(p.confirmedAt, range) ? (p.paidCents ?? 0) : 0)),
    noShowFees: sum((p) =>
      p.noShowFeeState === "succeeded" && within(p.noShowFeeAt, range)
        ? (p.noShowFeeCents ?? 0)
        : 0,
    ),
    lateFees: sum((p) =>
      p.lateFeeState === "succeeded" && within(p.lateFeeAt, range) ? (p.lateFeeCents ?? 0) : 0,
    ),
    refunds: sum((p) =>
      (p.refunds ?? [])
        .filter((r) => (r.kind ?? "deposit") !== "deposit" || confirmed(p))
        .filter((r) => within(r.at, range))
        .reduce((s, r) => s + r.cents, 0),
    ),
    charged: sum((p) => (p.visit === "completed" ? (p.chargedCents ?? 0) : 0)),
  };
}

/** Cents as the page writes them: "$63.00", "-$40.00". */
const usd = (cents: number) => `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** The owner's /reports page data for the period, as the staff layout runs its loader. */
async function reportPage() {
  const request = new Request(`http://localhost/reports?${QUERY}`, {
    headers: { Cookie: desk.cookie },
  });
  const page = await asStaff(desk.db, request, loader, "/reports");
  if (page instanceof Response) throw new Error(`/reports answered ${page.status}`);
  return page as Awaited<ReturnType<typeof loader>>;
}

async function storePayments() {
  for (const { visit, chargedCents, refunds, ...payment } of PAYMENTS) {
    // Each visit's appointment on the day after its money first moved (in the period's weeks).
    const startsAt = new Date(+(payment.confirmedAt ?? at("2026-03-04T16:00:00Z")) + 86_400_000);
    const appointment = await createAppointment(desk.db, {
      startsAt,
      priceCents: 8000,
      ...(visit === "completed"
        ? { visitStatus: "completed" as const, chargedCents, tipCents: 0 }
        : {}),
      ...(visit === "no_show" ? { visitStatus: "no_show" as const } : {}),
      ...(visit === "cancelled" ? { status: "cancelled" as const, cancelledAt: startsAt } : {}),
    });
    await createVisitPayment(desk.db, { ...payment, visitId: appointment.visitId });
    // Each intent's refunds keyed by its growing total, as Stripe's charge.refunded tells it.
    const totals = new Map<RefundKind, number>();
    for (const { kind = "deposit", cents, at: refundedAt } of refunds ?? []) {
      const total = (totals.get(kind) ?? 0) + cents;
      totals.set(kind, total);
      await createPaymentRefund(desk.db, {
        visitId: appointment.visitId,
        paymentIntentId: `pi_${appointment.visitId}_${kind}`,
        totalRefundedCents: total,
        kind,
        cents,
        refundedAt,
      });
    }
  }
}

describe("deposits, fees and refunds in Reports' revenue (issue 40)", () => {
  // Thirteen visits stored, then both periods read twice (the page, the CSV): a few seconds.
  it("counts each by when the money moved, succeeded fees only, refunds as money given back", {
    timeout: 30_000,
  }, async () => {
    await storePayments();
    const now = expected(PERIOD);
    const before = expected(PREVIOUS);
    // What the sums above come to, so a wrong reading here cannot pass unnoticed.
    expect(now).toEqual({
      deposits: 6300,
      noShowFees: 1500,
      lateFees: 1500,
      refunds: 5000,
      charged: 8000,
    });
    expect(before).toMatchObject({ deposits: 12200, noShowFees: 2000, lateFees: 0, refunds: 2200 });

    const page = await reportPage();
    const rows = page.tables.revenue.rows;
    const row = (label: string) => rows.find((r) => r[0] === label);
    expect(row("Deposits")?.slice(0, 3)).toEqual([
      "Deposits",
      usd(now.deposits),
      usd(before.deposits),
    ]);
    expect(row("No-show fees")?.slice(0, 3)).toEqual([
      "No-show fees",
      usd(now.noShowFees),
      usd(before.noShowFees),
    ]);
    expect(row("Late cancellation fees")?.slice(0, 3)).toEqual([
      "Late cancellation fees",
      usd(now.lateFees),
      usd(before.lateFees),
    ]);
    expect(row("Refunds")?.slice(0, 3)).toEqual([
      "Refunds",
      usd(-now.refunds),
      usd(-before.refunds),
    ]);
    expect(row("Refunds")?.[3]?.startsWith(usd(before.refunds - now.refunds))).toBe(true);
    expect(row("Deposits")?.[3]?.startsWith(usd(now.deposits - before.deposits))).toBe(true);
    // 'Charged' is what the desk entered: the completed visit's deposit is not added to it.
    expect(row("Charged")?.[1]).toBe(usd(now.charged));

    const csv = (await asStaff(
      desk.db,
      new Request(`http://localhost/reports/csv?table=revenue&${QUERY}`, {
        headers: { Cookie: desk.cookie },
      }),
      csvLoader,
      "/reports/csv",
    )) as Response;
    expect(csv.status).toBe(200);
    const parsed = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    });
    const csvRow = (label: string) => parsed.data.find((r) => r[0] === label)?.slice(1);
    const plain = (cents: number) => (cents / 100).toFixed(2);
    expect(csvRow("Deposits (USD)")).toEqual([
      plain(now.deposits),
      plain(before.deposits),
      plain(now.deposits - before.deposits),
    ]);
    expect(csvRow("No-show fees (USD)")).toEqual([
      plain(now.noShowFees),
      plain(before.noShowFees),
      plain(now.noShowFees - before.noShowFees),
    ]);
    expect(csvRow("Late cancellation fees (USD)")).toEqual([
      plain(now.lateFees),
      plain(before.lateFees),
      plain(now.lateFees - before.lateFees),
    ]);
    expect(csvRow("Refunds (USD)")).toEqual([
      plain(-now.refunds),
      plain(-before.refunds),
      plain(before.refunds - now.refunds),
    ]);
  });

  it("shows $0.00 in both periods when no money moved through Stripe", async () => {
    const page = await reportPage();
    for (const label of ["Deposits", "No-show fees", "Late cancellation fees", "Refunds"]) {
      expect(page.tables.revenue.rows.find((r) => r[0] === label)).toEqual([
        label,
        "$0.00",
        "$0.00",
        "$0.00",
      ]);
    }
  });
});
