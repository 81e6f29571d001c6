import { Link, NavLink } from "react-router";
import { MenuIcon } from "./icons";
import { Logo } from "./logo";

interface SiteHeaderProps {
  /** The side navigation <dialog> the menu button opens (app/lib/page-enhancements.ts). */
  navId: string;
  /** Public pages offer booking from the header; staff pages do not. */
  showBooking: boolean;
}

/**
 * The sections a desktop visitor reaches from the header (from 1000 px wide, app/styles/base.css);
 * on a phone they stay in the menu only, so the header keeps its three parts.
 */
const headerLinks = [
  { to: "/services", label: "Services" },
  { to: "/gallery", label: "Gallery" },
  { to: "/blog", label: "Blog" },
  { to: "/reviews", label: "Reviews" },
  { to: "/locations", label: "Locations" },
  { to: "/contact", label: "Contact" },
] as const;

export function SiteHeader({ navId, showBooking }: SiteHeaderProps) {
  return (
    <header className={showBooking ? "site-header site-header--public" : "site-header"}>
      <button
        type="button"
        className="icon-button site-header__menu"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded="false"
        aria-controls={navId}
        data-opens-nav
      >
        <MenuIcon size={26} />
      </button>
      <Logo className="logo site-header__logo" labelled />
      {showBooking ? (
        <nav className="site-header__links" aria-label="Sections">
          <ul>
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {showBooking ? (
        <Link to="/schedule" className="button button--small site-header__book">
          Book
        </Link>
      ) : (
        <span className="site-header__spacer" />
      )}
    </header>
  );
}
