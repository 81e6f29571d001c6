import type { ReactNode } from "react";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import { OverlayProvider } from "./overlays";
import { publicNavItems, SideNav, staffNavFor } from "./side-nav";
import { SignOutLink } from "./sign-out-link";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

interface SiteChromeProps {
  children: ReactNode;
  /** Staff pages (handle.staff) get the admin navigation and no public footer. */
  staff?: boolean;
  /**
   * The staff pages the signed-in member may open (the staff layout's loader, from the routes'
   * `access`): the admin navigation links those.
   */
  staffPages?: readonly string[];
}

const NAV_ID = "side-nav";

/**
 * Header, slide-in side navigation, footer and the global overlays around every page. The menu
 * button opens the navigation through app/lib/page-enhancements.ts, on plain-HTML pages and
 * hydrated ones alike.
 */
export function SiteChrome({ children, staff = false, staffPages }: SiteChromeProps) {
  const staffLinks = staff ? staffNavFor(staffPages) : undefined;
  const locale = useLocale();
  return (
    <OverlayProvider>
      <a className="skip-link" href="#main">
        {m.chrome_skip({}, { locale })}
      </a>
      <SiteHeader navId={NAV_ID} showBooking={!staff} staffLinks={staffLinks} />
      <SideNav
        id={NAV_ID}
        items={staffLinks ?? publicNavItems}
        label={staff ? "Staff" : m.chrome_main_nav({}, { locale })}
        localized={!staff}
        extra={staff ? <SignOutLink /> : undefined}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {staff ? null : <SiteFooter />}
    </OverlayProvider>
  );
}
