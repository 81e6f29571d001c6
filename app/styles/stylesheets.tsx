import headingFont from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url";
import { preload } from "react-dom";
import { useMatches } from "react-router";

/** The sheets in app/styles, by file name. base.css goes on every page, first. */
export type SheetName =
  | "base"
  | "about"
  | "accounts"
  | "blog"
  | "booking"
  | "button-danger"
  | "calendar"
  | "contact"
  | "customers"
  | "dashboard"
  | "desk"
  | "dialog"
  | "forms"
  | "gallery"
  | "home"
  | "hours"
  | "locations"
  | "login"
  | "manage"
  | "payments"
  | "photo"
  | "policies"
  | "post"
  | "quote"
  | "reports"
  | "reviews"
  | "scheduleadmin"
  | "services"
  | "site-admin"
  | "site-blog"
  | "site-content"
  | "site-gallery"
  | "slots"
  | "staff";

const fileName = (path: string) => path.slice(path.lastIndexOf("/") + 1, -".css".length);

/** Each sheet's URL as a file of the build, for pages the browser renders itself. */
const sheetUrls = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>("./*.css", { query: "?url", import: "default", eager: true }),
  ).map(([path, url]) => [fileName(path), url]),
);

/**
 * Each sheet's text, on the server only: the browser's bundles stay free of CSS (Vite drops the
 * unused imports from them).
 */
const sheetTexts: Record<string, string> = import.meta.env.SSR
  ? Object.fromEntries(
      Object.entries(
        import.meta.glob<string>("./*.css", { query: "?inline", import: "default", eager: true }),
      ).map(([path, text]) => [fileName(path), text]),
    )
  : {};

/** base.css, then the sheets the matched routes' handles name, each once. */
function usePageSheets(): SheetName[] {
  const matches = useMatches();
  const names = new Set<SheetName>(["base"]);
  for (const match of matches) {
    // A route's handle names them (`styles`, app/lib/route-handle.ts); read by that one field,
    // so this module and route-handle.ts do not import each other (issue 37).
    const handle = match.handle as { styles?: readonly SheetName[] } | undefined;
    for (const name of handle?.styles ?? []) names.add(name);
  }
  return [...names];
}

/**
 * The page's stylesheets, for the document's <head>. The server inlines them: small (7-10 KB a
 * page, 2.5-3.3 KB gzip), they cost no request before the first paint, and each page carries only
 * its own.
 *
 * They are React stylesheet resources (a `precedence`): React keeps them in the head in
 * precedence order (base first), never renders one twice and never removes one. So, in the
 * browser, a sheet the server inlined stays as it is (React finds it by its `href` and leaves its
 * text alone, which the browser's bundle does not have), and one that a client-side navigation
 * needs (from a page React runs, e.g. /login to /dashboard) is fetched as a file: React appends
 * it after the sheets already there and shows the new page once it has loaded.
 */
export function Stylesheets() {
  // The headings' font (base.css): fetched with the page rather than once the first layout finds
  // text that needs it, it is there for that layout, which then runs once, in that font. Laid out
  // first in the fallback fonts, a phone looks up each of them in its system fonts at every size
  // used, and lays the page out again when the font arrives (about half the page's layout time,
  // Lighthouse's mobile preset, docs/performance.md).
  preload(headingFont, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
  return usePageSheets().map((name) => <Stylesheet key={name} name={name} />);
}

function Stylesheet({ name }: { name: SheetName }) {
  const precedence = name === "base" ? "base" : "page";
  if (import.meta.env.SSR || inlinedByServer(name)) {
    return (
      <style href={name} precedence={precedence}>
        {sheetTexts[name] ?? ""}
      </style>
    );
  }
  return <link rel="stylesheet" href={sheetUrls[name]} precedence={precedence} />;
}

/** React writes a `data-href` (the names, space separated) on the style elements it inlines. */
function inlinedByServer(name: SheetName): boolean {
  return document.querySelector(`style[data-href~="${name}"]`) !== null;
}
