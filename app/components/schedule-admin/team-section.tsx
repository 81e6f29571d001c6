import { useState } from "react";
import { useFetcher } from "react-router";
import { PhoneLink } from "~/components/phone-link";
import { describeWeeklyHours } from "~/domain/booking/technician-hours";
import type { TechnicianView } from "~/services/salon/team.server";
import { ActionError } from "./action-error";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { TechnicianDialog } from "./technician-dialog";
import { useActionFeedback } from "./use-action-feedback";

interface TeamSectionProps {
  team: TechnicianView[];
}

/**
 * 'Team' (docs/product.md#team): the technicians, each with her working week (up to two breaks a day),
 * the services she performs and any upcoming appointment now outside her hours, to call about.
 * Add, edit (rename, hours), deactivate and reactivate; nothing here moves an appointment.
 */
export function TeamSection({ team }: TeamSectionProps) {
  const [editing, setEditing] = useState<TechnicianView | "new" | null>(null);
  return (
    <section aria-labelledby="team-title" className="staff-section">
      <div className="section-head">
        <h2 id="team-title">Team</h2>
        <button type="button" className="button" onClick={() => setEditing("new")}>
          Add Technician
        </button>
      </div>
      <p className="staff-section__intro">
        Each technician is offered only within her working hours. Changing hours never moves a
        booked appointment: any that fall outside them are listed here, to call those customers.
      </p>
      {team.length === 0 ? (
        <p className="day-empty">No technicians yet.</p>
      ) : (
        <ul className="team-list" aria-label="Technicians">
          {team.map((technician) => (
            <TechnicianRow
              key={technician.id}
              technician={technician}
              onEdit={() => setEditing(technician)}
            />
          ))}
        </ul>
      )}
      {editing ? (
        <TechnicianDialog
          technician={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function TechnicianRow({ technician, onEdit }: { technician: TechnicianView; onEdit(): void }) {
  const { name, active, hours, services, outsideHours } = technician;
  return (
    <li className="team-member" data-inactive={!active || undefined}>
      <div className="team-member__head">
        <div>
          <p className="team-member__name">
            <strong>{name}</strong>
            {active ? null : <span className="badge">Inactive</span>}
          </p>
          <p className="team-member__hours">
            {hours ? describeWeeklyHours(hours) : "Works the salon's opening hours"}
          </p>
          <p className="team-member__services">
            {services.length > 0 ? `Performs: ${services.join(", ")}` : "No services yet."}
          </p>
        </div>
        <TechnicianActions technician={technician} onEdit={onEdit} />
      </div>
      {outsideHours.length > 0 ? (
        <OutsideHours appointments={outsideHours} active={active} />
      ) : null}
    </li>
  );
}

/** 'Edit' (an active technician), and 'Deactivate' or 'Reactivate', sent at once. */
function TechnicianActions({ technician, onEdit }: { technician: TechnicianView; onEdit(): void }) {
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const started = useActionFeedback(fetcher, {});
  const { name, active } = technician;
  return (
    <div className="button-row">
      {active ? (
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Edit ${name}`}
          onClick={onEdit}
        >
          Edit
        </button>
      ) : null}
      <fetcher.Form method="post" onSubmit={started}>
        <input
          type="hidden"
          name="intent"
          value={active ? "deactivate-technician" : "reactivate-technician"}
        />
        <input type="hidden" name="id" value={technician.id} />
        <button
          type="submit"
          className="button button--ghost button--small"
          aria-label={`${active ? "Deactivate" : "Reactivate"} ${name}`}
        >
          {active ? "Deactivate" : "Reactivate"}
        </button>
      </fetcher.Form>
      <ActionError fetcher={fetcher} />
    </div>
  );
}

/** The booked appointments outside her hours (or with her, once inactive), with phones to call. */
function OutsideHours({
  appointments,
  active,
}: {
  appointments: TechnicianView["outsideHours"];
  active: boolean;
}) {
  return (
    <div className="closed-day__affected">
      <p>
        <strong>
          {appointments.length} booked {appointments.length === 1 ? "appointment" : "appointments"}{" "}
          {active ? "outside her hours" : "with her"} to look at:
        </strong>
      </p>
      <ul>
        {appointments.map((appointment) => (
          <li key={appointment.id}>
            {appointment.when} {appointment.name}, {appointment.typeName}:{" "}
            {appointment.phone ? <PhoneLink phone={appointment.phone} /> : "No Phone"}
          </li>
        ))}
      </ul>
    </div>
  );
}
