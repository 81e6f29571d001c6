import type { ReactNode } from "react";
import { OverlayProvider } from "./overlays";
import { ownerNavItems, publicNavItems, SideNav, staffNavItems } from "./side-nav";
import { SignOutLink } from "./sign-out-link";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

interface SiteChromeProps {
  children: ReactNode;
  /** Staff pages (handle.staff) get the admin navigation and no public footer. */
  staff?: boolean;
  /** An owner's admin navigation also links 'Reports' and 'Accounts'. */
  owner?: boolean;
}

const NAV_ID = "side-nav";

/**
 * Header, slide-in side navigation, footer and the global overlays around every page. The menu
 * button opens the navigation through app/lib/page-enhancements.ts, on plain-HTML pages and
 * hydrated ones alike.
 */
export function SiteChrome({ children, staff = false, owner = false }: SiteChromeProps) {
  return (
    <OverlayProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader navId={NAV_ID} showBooking={!staff} />
      <SideNav
        id={NAV_ID}
        items={
          staff ? (owner ? [...staffNavItems, ...ownerNavItems] : staffNavItems) : publicNavItems
        }
        label={staff ? "Staff" : "Main"}
        extra={staff ? <SignOutLink /> : undefined}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {staff ? null : <SiteFooter />}
    </OverlayProvider>
  );
}
