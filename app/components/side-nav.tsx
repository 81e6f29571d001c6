import { type ReactNode, useEffect, useRef } from "react";
import { Link, NavLink } from "react-router";
import { business } from "~/content/business";
import { CloseIcon } from "./icons";

export interface NavItem {
  to: string;
  label: string;
}

export const staffNavItems: NavItem[] = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/scheduleadmin", label: "Schedule" },
];

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
  open: boolean;
  onClose(): void;
  items: NavItem[];
  label: string;
  /** Rendered after the links, e.g. the staff's Sign Out. */
  extra?: ReactNode;
}

/**
 * The slide-in side navigation. A modal <dialog>: focus moves into it when it
 * opens, Tab stays inside, Escape closes it and focus returns to the menu button.
 */
export function SideNav({ id, open, onClose, items, label, extra }: SideNavProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is native to <dialog>.
    <dialog
      ref={dialog}
      id={id}
      className="side-nav"
      aria-label={label}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes the menu.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="side-nav__panel">
        <div className="side-nav__top">
          <Link to="/" className="logo" onClick={onClose}>
            <span className="logo__mark">2 x 10</span>
            <span className="logo__text">Nails &amp; Spa</span>
          </Link>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label="Close navigation"
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={label}>
          <ul className="side-nav__links">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} onClick={onClose}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {extra ? <li>{extra}</li> : null}
          </ul>
        </nav>
        <div className="side-nav__foot">
          <a href={`tel:${business.phoneE164}`}>{business.phone}</a>
          <p>
            {business.address.street}, {business.address.city}
          </p>
        </div>
      </div>
    </dialog>
  );
}
