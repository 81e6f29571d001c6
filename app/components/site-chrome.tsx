import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { OverlayProvider } from "./overlays";
import { publicNavItems, SideNav, staffNavItems } from "./side-nav";
import { SignOutLink } from "./sign-out-link";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

interface SiteChromeProps {
  children: ReactNode;
  /** Staff pages (handle.staff) get the admin navigation and no public footer. */
  staff?: boolean;
}

const NAV_ID = "side-nav";

/** Header, slide-in side navigation, footer and the global overlays around every page. */
export function SiteChrome({ children, staff = false }: SiteChromeProps) {
  const [navOpen, setNavOpen] = useState(false);
  const location = useLocation();

  // Spec: the side navigation closes on navigation (ScrollRestoration scrolls to top).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design.
  useEffect(() => {
    setNavOpen(false);
  }, [location.key]);

  return (
    <OverlayProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader
        navId={NAV_ID}
        navOpen={navOpen}
        onOpenNav={() => setNavOpen(true)}
        showBooking={!staff}
      />
      <SideNav
        id={NAV_ID}
        open={navOpen}
        onClose={() => setNavOpen(false)}
        items={staff ? staffNavItems : publicNavItems}
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
