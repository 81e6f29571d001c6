import { useFetcher } from "react-router";
import { ActionError } from "./action-error";
import type { AdminAppointmentView, ScheduleAdminActionResult } from "./schedule-admin-types";
import { useActionFeedback } from "./use-action-feedback";

/**
 * A protected visit booked at the desk, 'Not secured' (docs/payments.md#secure-your-booking):
 * 'Email Secure Your Booking' (the customer gets the link to agree to the policy and pay the
 * deposit or save her card; again if pressed again) and 'Waive Protection' (nothing more is
 * asked). Each says its refusal beside it.
 */
export function SecureButtons({ appointment }: { appointment: AdminAppointmentView }) {
  const email = useFetcher<ScheduleAdminActionResult>();
  const waive = useFetcher<ScheduleAdminActionResult>();
  const emailed = useActionFeedback(email, { date: appointment.dateIso });
  const waived = useActionFeedback(waive, { date: appointment.dateIso });
  const whose = ` for ${appointment.name}'s ${appointment.startLabel} appointment`;
  return (
    <div className="row-actions secure-buttons">
      {appointment.email ? (
        <email.Form method="post" onSubmit={emailed}>
          <input type="hidden" name="intent" value="email-secure-link" />
          <input type="hidden" name="id" value={appointment.id} />
          <button type="submit" className="button button--small">
            Email Secure Your Booking
            <span className="visually-hidden">{` to ${appointment.email}${whose}`}</span>
          </button>
          <ActionError fetcher={email} />
        </email.Form>
      ) : null}
      <waive.Form method="post" onSubmit={waived}>
        <input type="hidden" name="intent" value="waive-protection" />
        <input type="hidden" name="id" value={appointment.id} />
        <button type="submit" className="button button--ghost button--small">
          Waive Protection
          <span className="visually-hidden">{whose}</span>
        </button>
        <ActionError fetcher={waive} />
      </waive.Form>
    </div>
  );
}
