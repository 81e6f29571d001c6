import { Link } from "react-router";
import { MenuIcon } from "./icons";

interface SiteHeaderProps {
  navId: string;
  navOpen: boolean;
  onOpenNav(): void;
  /** Public pages offer booking from the header; staff pages do not. */
  showBooking: boolean;
}

export function SiteHeader({ navId, navOpen, onOpenNav, showBooking }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <button
        type="button"
        className="icon-button site-header__menu"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={navOpen}
        aria-controls={navId}
        onClick={onOpenNav}
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
