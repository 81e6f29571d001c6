import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useOptionalSalon } from "~/lib/salon";
import { CloseIcon } from "./icons";
import { Logo } from "./logo";

export interface NavItem {
  to: string;
  label: string;
  /** Current only at its own address, not under it (the schedule's pages are under it). */
  end?: boolean;
}

/**
 * The staff navigation, in its order. Who may open each page is its route's handle (`access`,
 * app/lib/route-handle.ts: Reports and Accounts say "owner"); the staff layout's loader lists the
 * ones the signed-in member may open (`open`), and only those are shown.
 */
const STAFF_NAV_ITEMS: readonly NavItem[] = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/scheduleadmin", label: "Schedule", end: true },
  { to: "/scheduleadmin/team", label: "Team" },
  { to: "/scheduleadmin/categories", label: "Categories" },
  { to: "/scheduleadmin/waitlist", label: "Waitlist" },
  { to: "/customers", label: "Customers" },
  { to: "/site", label: "Site" },
  { to: "/reports", label: "Reports" },
  { to: "/accounts", label: "Accounts" },
];

/** Every staff navigation page's address, for the staff layout's loader to sort by access. */
export const STAFF_NAV_PATHS: readonly string[] = STAFF_NAV_ITEMS.map((item) => item.to);

/** The staff navigation's pages the signed-in member may open (`open`), in their order. */
export function staffNavFor(open: readonly string[] | undefined): NavItem[] {
  return STAFF_NAV_ITEMS.filter((item) => open?.includes(item.to));
}

export const publicNavItems: NavItem[] = [
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/gallery", label: "Gallery" },
  { to: "/schedule", label: "Schedule" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

interface SideNavProps {
  id: string;
  items: NavItem[];
  label: string;
  /** Rendered after the links, e.g. the staff's Sign Out. */
  extra?: ReactNode;
}

/**
 * The slide-in side navigation: a modal <dialog>, opened by the header's menu button. Focus moves
 * into it, Tab stays inside, Escape closes it and focus returns to the menu button (all native to
 * <dialog>); a link, the close button or a click on the backdrop closes it too
 * (app/lib/page-enhancements.ts).
 */
export function SideNav({ id, items, label, extra }: SideNavProps) {
  const business = useOptionalSalon();
  return (
    <dialog id={id} className="side-nav" aria-label={label}>
      <div className="side-nav__panel">
        <div className="side-nav__top">
          <Logo className="logo" />
          <button
            type="button"
            className="icon-button"
            aria-label="Close navigation"
            data-closes-nav
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={label}>
          <ul className="side-nav__links">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {extra ? <li>{extra}</li> : null}
          </ul>
        </nav>
        {business ? (
          <div className="side-nav__foot">
            <a href={`tel:${business.phoneE164}`}>{business.phone}</a>
            <p>
              {business.address.street}, {business.address.city}
            </p>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
