import { ScrollingTable } from "~/components/scrolling-table";
import type { VisitStatus } from "~/services/db/schema.server";
import { PaymentCell } from "./customer-payment";

/** What the customer's page shows of her appointments (app/routes/customers.tsx). */
export interface CustomerAppointmentsOf {
  name: string;
  appointments: {
    id: string;
    when: string;
    typeName: string;
    price: string;
    status: "booked" | "cancelled";
    visitStatus: VisitStatus | null;
    /**
     * A protected visit's payment as the desk says it (booking/desk-payment.server.ts), on its
     * first appointment's row only (a visit of several services is paid once).
     */
    payment: string | null;
    /** What is left of her late cancellation fee, "$15.00", when the owner may refund it. */
    refund: string | null;
  }[];
  counts: { completed: number; noShows: number; cancelled: number };
}

const VISIT: Record<VisitStatus, string> = {
  arrived: "Arrived",
  completed: "Completed",
  no_show: "No-show",
};

/** The customer's every appointment, newest first, with her counts. */
export function CustomerAppointments({ customer }: { customer: CustomerAppointmentsOf }) {
  // Only a salon that takes deposits or cards has a Payment column.
  const paid = customer.appointments.some((row) => row.payment);
  return (
    <section aria-labelledby="visits-title" className="staff-section">
      <h2 id="visits-title">Appointments</h2>
      <p className="customer-counts">
        {`${customer.appointments.length} booked in all · ${customer.counts.completed} completed · ${customer.counts.noShows} ${customer.counts.noShows === 1 ? "no-show" : "no-shows"} · ${customer.counts.cancelled} cancelled`}
      </p>
      {/* On a phone each appointment is a card (customers.css); wider, the table may scroll. */}
      <ScrollingTable
        caption={`${customer.name}'s appointments, newest first`}
        className="customer-visits cards-on-phone"
      >
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Service</th>
            <th scope="col">Price</th>
            <th scope="col">Status</th>
            {paid ? <th scope="col">Payment</th> : null}
          </tr>
        </thead>
        <tbody>
          {customer.appointments.map((row) => (
            <tr key={row.id}>
              <td>{row.when}</td>
              <td>{row.typeName}</td>
              <td>{row.price}</td>
              <td>
                {row.status === "cancelled"
                  ? "Cancelled"
                  : row.visitStatus
                    ? VISIT[row.visitStatus]
                    : "Booked"}
              </td>
              {paid ? (
                <td className="customer-payment">
                  <PaymentCell
                    appointmentId={row.id}
                    payment={row.payment}
                    name={customer.name}
                    when={row.when}
                    refund={row.refund}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </section>
  );
}
