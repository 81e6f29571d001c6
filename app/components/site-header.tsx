import { Link } from "react-router";
import { MenuIcon } from "./icons";

interface SiteHeaderProps {
  /** The side navigation <dialog> the menu button opens (app/lib/page-enhancements.ts). */
  navId: string;
  /** Public pages offer booking from the header; staff pages do not. */
  showBooking: boolean;
}

export function SiteHeader({ navId, showBooking }: SiteHeaderProps) {
  return (
    <header className="site-header">
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
      <Link to="/" className="logo site-header__logo" aria-label="2 x 10 Nails & Spa, home">
        <span className="logo__mark">2 x 10</span>
        <span className="logo__text">Nails &amp; Spa</span>
      </Link>
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
