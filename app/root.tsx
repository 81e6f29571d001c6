import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import { m } from "~/paraglide/messages.js";
import type { Route } from "./+types/root";
import { useNonce } from "./components/nonce";
import { SiteChrome } from "./components/site-chrome";
import { SALON_TIME_ZONE, salonDateOf } from "./domain/booking/time-zone";
import { languageTagOf, localeOfPath } from "./domain/i18n/locale-path";
import { LocaleProvider, useLocale, useLocalePath } from "./lib/i18n";
import { FALLBACK_SALON_NAME } from "./lib/meta";
import { ENHANCEMENTS_SCRIPT } from "./lib/page-enhancements";
import type { RouteHandle } from "./lib/route-handle";
import { SalonProvider, useOptionalSalon } from "./lib/salon";
import type { loader as staffLayoutLoader } from "./routes/staff-layout";
import { readSalonFacts } from "./services/salon/salon-details.server";
import { Stylesheets } from "./styles/stylesheets";

export async function loader({ context }: Route.LoaderArgs) {
  const salon = await readSalonFacts(context.db);
  return {
    siteUrl: context.siteUrl,
    salon: salon.details,
    specialHours: salon.special,
    // The footer's copyright year: the salon's, read where the page is rendered (issue 38).
    year: salonDateOf(new Date(), SALON_TIME_ZONE).slice(0, 4),
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const hydrate = useShouldHydrate();
  // The page's language is its address (docs/architecture.md#languages): /es and under it Spanish.
  const locale = localeOfPath(useLocation().pathname);
  return (
    <html lang={languageTagOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf6f1" />
        <Meta />
        <Links />
        {/* base.css and the page's own sheets, inlined (app/styles/stylesheets.tsx). */}
        <Stylesheets />
      </head>
      <body>
        <LocaleProvider value={locale}>
          <SalonProvider value={useRouteLoaderData<typeof loader>("root")?.salon}>
            {children}
          </SalonProvider>
        </LocaleProvider>
        {/* The chrome's behaviour. Runs before React (if any) and never again: React leaves its
            content alone. Allowed by its hash in the CSP, so it carries no nonce. */}
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own function's source.
          dangerouslySetInnerHTML={{ __html: ENHANCEMENTS_SCRIPT }}
          suppressHydrationWarning
        />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

function useRouteHandles(): RouteHandle[] {
  return useMatches().map((match) => (match.handle ?? {}) as RouteHandle);
}

function useIsStaffPage(): boolean {
  return useRouteHandles().some((handle) => handle.staff);
}

/** The staff pages the signed-in member may open, on a staff page (the staff layout's loader). */
function useStaffPages() {
  return useRouteLoaderData<typeof staffLayoutLoader>("routes/staff-layout")?.open;
}

/** In development every page runs React Router's client: it is what hot-reloads an edit. */
function useShouldHydrate(): boolean {
  const routeHydrates = useRouteHandles().some((handle) => handle.hydrate);
  return routeHydrates || import.meta.env.DEV;
}

export default function App() {
  return (
    <SiteChrome staff={useIsStaffPage()} staffPages={useStaffPages()}>
      <Outlet />
    </SiteChrome>
  );
}

/** A staff page's data request found no session (it ended, or the user signed out elsewhere). */
function SessionEnded() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate("/login", { replace: true });
  }, [navigate]);
  return (
    <section className="page page--narrow error-page">
      <h1>Please sign in again</h1>
      <p>
        Your staff session has ended. <Link to="/login">Go to Log In</Link>
      </p>
    </section>
  );
}

/** An error page's title: "Page not found | <the salon's name>" (docs/product.md#business-facts). */
function ErrorTitle({ page }: { page: string }) {
  const name = (useOptionalSalon() ?? FALLBACK_SALON_NAME).name;
  return <title>{`${page} | ${name}`}</title>;
}

/** "Go to the home page": the home page in the page's language. */
function HomeLink() {
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <Link className="button" to={to("/")}>
      {m.error_home({}, { locale })}
    </Link>
  );
}

// The error pages speak the address's language (docs/product.md#languages): /es/... is Spanish.

/** A query no page asks for (docs/security.md#queries): the visitor's mistake, not ours. */
function UnreadableAddress() {
  const locale = useLocale();
  const title = m.error_unreadable_title({}, { locale });
  return (
    <SiteChrome>
      <section className="page page--narrow error-page">
        <ErrorTitle page={title} />
        <p className="eyebrow">400</p>
        <h1>{title}</h1>
        <p>{m.error_unreadable_text({}, { locale })}</p>
        <p className="button-row">
          <HomeLink />
        </p>
      </section>
    </SiteChrome>
  );
}

/** "Page not found", status 404 (docs/product.md#not-found-and-error-pages). */
function NotFoundPage() {
  const locale = useLocale();
  const to = useLocalePath();
  const title = m.error_not_found_title({}, { locale });
  return (
    <>
      <ErrorTitle page={title} />
      <p className="eyebrow">404</p>
      <h1>{title}</h1>
      <p>{m.error_not_found_text({}, { locale })}</p>
      <p className="button-row">
        <HomeLink />
        <Link className="button button--ghost" to={to("/services")}>
          {m.error_services({}, { locale })}
        </Link>
      </p>
    </>
  );
}

/** The earlier site's heading for an unexpected error, status 500. */
function ServerErrorPage() {
  const locale = useLocale();
  return (
    <>
      <ErrorTitle page={m.error_title({}, { locale })} />
      <h1>{m.error_heading({}, { locale })}</h1>
      <p>{m.error_text({}, { locale })}</p>
      <p className="button-row">
        <HomeLink />
      </p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    return (
      <SiteChrome>
        <SessionEnded />
      </SiteChrome>
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (isRouteErrorResponse(error) && error.status === 400) return <UnreadableAddress />;
  if (!notFound && import.meta.env.DEV) console.error(error);
  return (
    <SiteChrome>
      <section className="page page--narrow error-page">
        {notFound ? <NotFoundPage /> : <ServerErrorPage />}
      </section>
    </SiteChrome>
  );
}
