import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { useOptionalSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
import { CloseIcon } from "./icons";
import { LanguageLink } from "./language-link";
import { Logo } from "./logo";

export interface NavItem {
  to: string;
  /** Its name: as written (the staff's, English), or its message in the page's language. */
  label: string | ((inputs: object, options: { locale: "en" | "es" }) => string);
  /** Current only at its own address, not under it (the schedule's pages are under it). */
  end?: boolean;
}

/**
 * The staff navigation, in its order. Who may open each page is its route's handle (`access`,
 * app/lib/route-handle.ts: Reports, Payments and Accounts say "owner"); the staff layout's loader lists the
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
  { to: "/payments", label: "Payments" },
  { to: "/accounts", label: "Accounts" },
];

/** Every staff navigation page's address, for the staff layout's loader to sort by access. */
export const STAFF_NAV_PATHS: readonly string[] = STAFF_NAV_ITEMS.map((item) => item.to);

/** The staff navigation's pages the signed-in member may open (`open`), in their order. */
export function staffNavFor(open: readonly string[] | undefined): NavItem[] {
  return STAFF_NAV_ITEMS.filter((item) => open?.includes(item.to));
}

export const publicNavItems: NavItem[] = [
  { to: "/about", label: m.nav_about },
  { to: "/services", label: m.nav_services },
  { to: "/gallery", label: m.nav_gallery },
  { to: "/schedule", label: m.nav_schedule },
  { to: "/blog", label: m.nav_blog },
  { to: "/contact", label: m.nav_contact },
];

interface SideNavProps {
  id: string;
  items: NavItem[];
  label: string;
  /** Rendered after the links, e.g. the staff's Sign Out. */
  extra?: ReactNode;
  /** The public pages' navigation: its links in the page's language, and the other language's. */
  localized?: boolean;
}

/**
 * The slide-in side navigation: a modal <dialog>, opened by the header's menu button. Focus moves
 * into it, Tab stays inside, Escape closes it and focus returns to the menu button (all native to
 * <dialog>); a link, the close button or a click on the backdrop closes it too
 * (app/lib/page-enhancements.ts).
 */
export function SideNav({ id, items, label, extra, localized = false }: SideNavProps) {
  const business = useOptionalSalon();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <dialog id={id} className="side-nav" aria-label={label}>
      <div className="side-nav__panel">
        <div className="side-nav__top">
          <Logo className="logo" />
          <button
            type="button"
            className="icon-button"
            aria-label={m.chrome_close_nav({}, { locale })}
            data-closes-nav
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={label}>
          <ul className="side-nav__links">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={localized ? to(item.to) : item.to} end={item.end}>
                  {typeof item.label === "string" ? item.label : item.label({}, { locale })}
                </NavLink>
              </li>
            ))}
            {extra ? <li>{extra}</li> : null}
            {localized ? (
              <li>
                <LanguageLink className="side-nav__language" />
              </li>
            ) : null}
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
