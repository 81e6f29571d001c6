import { Link, NavLink } from "react-router";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import { MenuIcon } from "./icons";
import { LanguageLink } from "./language-link";
import { Logo } from "./logo";
import type { NavItem } from "./side-nav";

interface SiteHeaderProps {
  /** The side navigation <dialog> the menu button opens (app/lib/page-enhancements.ts). */
  navId: string;
  /** Public pages offer booking from the header; staff pages do not. */
  showBooking: boolean;
  /**
   * A staff page's navigation, also shown as links on a desktop (issue 38): the front desk
   * reaches the other staff pages in one click; the menu icon keeps them on a phone.
   */
  staffLinks?: readonly NavItem[];
}

/**
 * The sections a desktop visitor reaches from the header (from 1000 px wide, app/styles/base.css);
 * on a phone they stay in the menu only, so the header keeps its three parts.
 */
const headerLinks = [
  { to: "/services", label: m.nav_services },
  { to: "/gallery", label: m.nav_gallery },
  { to: "/blog", label: m.nav_blog },
  { to: "/reviews", label: m.nav_reviews },
  { to: "/locations", label: m.nav_locations },
  { to: "/contact", label: m.nav_contact },
] as const;

export function SiteHeader({ navId, showBooking, staffLinks }: SiteHeaderProps) {
  const locale = useLocale();
  const to = useLocalePath();
  const kind = showBooking ? " site-header--public" : staffLinks ? " site-header--staff" : "";
  return (
    <header className={`site-header${kind}`}>
      <button
        type="button"
        className="icon-button site-header__menu"
        aria-label={m.chrome_open_menu({}, { locale })}
        aria-haspopup="dialog"
        aria-expanded="false"
        aria-controls={navId}
        data-opens-nav
      >
        <MenuIcon size={26} />
      </button>
      <Logo className="logo site-header__logo" labelled />
      {showBooking ? (
        <nav className="site-header__links" aria-label={m.chrome_sections({}, { locale })}>
          <ul>
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={to(link.to)}>{link.label({}, { locale })}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {staffLinks ? <StaffLinks items={staffLinks} /> : null}
      {showBooking ? (
        <div className="site-header__end">
          <LanguageLink className="site-header__language" />
          <Link to={to("/schedule")} className="button button--small site-header__book">
            {m.nav_book({}, { locale })}
          </Link>
        </div>
      ) : (
        <span className="site-header__spacer" />
      )}
    </header>
  );
}

/** The staff navigation's pages, as links across the header (from 1100 px wide, base.css). */
function StaffLinks({ items }: { items: readonly NavItem[] }) {
  return (
    <nav className="site-header__links site-header__links--staff" aria-label="Staff">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              {typeof item.label === "string" ? item.label : item.label({}, { locale: "en" })}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
