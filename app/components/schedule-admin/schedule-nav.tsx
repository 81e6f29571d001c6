import { NavLink } from "react-router";

/**
 * The schedule's pages (docs/product.md#staff-screens): the day at /scheduleadmin, then the team
 * and its days off, the menu's categories and the waitlist, each a page of its own. `date` keeps
 * the day shown when going to the waitlist (and back).
 */
export function ScheduleNav({ date }: { date?: string }) {
  const day = date ? `?${new URLSearchParams({ date })}` : "";
  return (
    <nav className="schedule-nav" aria-label="Schedule pages">
      <ul>
        <li>
          <NavLink to={`/scheduleadmin${day}`} end>
            Appointments
          </NavLink>
        </li>
        <li>
          <NavLink to="/scheduleadmin/team">Team</NavLink>
        </li>
        <li>
          <NavLink to="/scheduleadmin/categories">Categories</NavLink>
        </li>
        <li>
          <NavLink to={`/scheduleadmin/waitlist${day}`}>Waitlist</NavLink>
        </li>
      </ul>
    </nav>
  );
}
