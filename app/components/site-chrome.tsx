import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { OverlayProvider } from "./overlays";
import { type NavItem, publicNavItems, SideNav } from "./side-nav";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

interface SiteChromeProps {
  children: ReactNode;
  /** Staff pages pass their own navigation (see the dashboard and schedule admin). */
  navItems?: NavItem[];
  navLabel?: string;
  staff?: boolean;
}

const NAV_ID = "side-nav";

/** Header, slide-in side navigation, footer and the global overlays around every page. */
export function SiteChrome({
  children,
  navItems = publicNavItems,
  navLabel = "Main",
  staff = false,
}: SiteChromeProps) {
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
        items={navItems}
        label={navLabel}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {staff ? null : <SiteFooter />}
    </OverlayProvider>
  );
}
