import { CustomerSearchForm } from "../customers/customer-search-form";
import { AppointmentsSection } from "./appointments-section";
import { LiveClock } from "./live-clock";
import type { ScheduleAdminData } from "./schedule-admin-types";
import { ScheduleNav } from "./schedule-nav";
import { TypesSection } from "./types-section";

/**
 * Staff schedule admin (spec "Schedule admin"): the salon's clock, a day's list, the types. The
 * team, the categories and the waitlist are pages of their own (ScheduleNav).
 */
export function ScheduleAdminPage(data: ScheduleAdminData) {
  return (
    <div className="page staff-page schedule-admin">
      <header className="page-header schedule-admin__header">
        <div>
          <p className="eyebrow">Staff</p>
          <h1>Schedule</h1>
          <p className="lead">Signed in as {data.email}.</p>
        </div>
        {/* At the top, beside the clock: the front desk looks a caller up first. */}
        <section aria-labelledby="find-customer-title" className="schedule-admin__find">
          <h2 id="find-customer-title">Find Customer</h2>
          <CustomerSearchForm />
        </section>
        <LiveClock initial={data.now} />
      </header>
      <ScheduleNav date={data.date} />
      <AppointmentsSection {...data} />
      <TypesSection types={data.types} date={data.date} technicians={data.technicians} />
    </div>
  );
}
