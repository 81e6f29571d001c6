import { CustomerSearchForm } from "../customers/customer-search-form";
import { AppointmentsSection } from "./appointments-section";
import { CategoriesSection } from "./categories-section";
import { ClosedDaysSection } from "./closed-days-section";
import { LiveClock } from "./live-clock";
import type { ScheduleAdminData } from "./schedule-admin-types";
import { TeamSection } from "./team-section";
import { TypesSection } from "./types-section";
import { WaitlistSection } from "./waitlist-section";

/** Staff schedule admin (spec "Schedule admin"): the salon's clock, a day's list, the types. */
export function ScheduleAdminPage(data: ScheduleAdminData) {
  return (
    <div className="page staff-page schedule-admin">
      <header className="page-header schedule-admin__header">
        <div>
          <p className="eyebrow">Staff</p>
          <h1>Schedule</h1>
          <p className="lead">Signed in as {data.email}.</p>
        </div>
        <LiveClock initial={data.now} />
      </header>
      <AppointmentsSection {...data} />
      <WaitlistSection waitlist={data.waitlist} dateLabel={data.dateLabel} />
      <section aria-labelledby="find-customer-title" className="staff-section">
        <h2 id="find-customer-title">Find Customer</h2>
        <CustomerSearchForm />
      </section>
      <TypesSection types={data.types} date={data.date} technicians={data.workers} />
      <TeamSection team={data.team} date={data.date} />
      <CategoriesSection categories={data.categories} date={data.date} />
      <ClosedDaysSection
        closedDays={data.closedDays}
        workers={data.workers}
        today={data.today}
        date={data.date}
      />
    </div>
  );
}
