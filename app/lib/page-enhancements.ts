/**
 * The little behaviour the site chrome and the content pages need, without React: the side
 * navigation, the home page's welcome card, the menu's Show More / Show Less and the map's
 * "Load interactive map" (docs/decisions/012-javascript-only-where-needed.md).
 *
 * The root layout inlines ENHANCEMENTS_SCRIPT in every page: the source text of enhancePage and
 * of the functions it uses (SCRIPT_FUNCTIONS), declared in one function that calls enhancePage. So
 * the pages that are plain HTML (no React in the browser) stay usable, and the pages React
 * hydrates get the very same behaviour. None of these functions may therefore use anything from
 * outside them: no imports, no module constants, and no other function of this module unless it
 * is listed in SCRIPT_FUNCTIONS.
 *
 * It listens on the document (event delegation), so it also serves markup React renders later on
 * a client-side navigation. The markup it expects:
 * - a button with `data-opens-nav` and `aria-controls` naming a <dialog>; in that dialog, links
 *   and a `data-closes-nav` button close it, as does a click on its backdrop;
 * - disclosure buttons with `data-disclosure="<group>"`, `aria-expanded` and `aria-controls`
 *   naming their panel; one panel of a group is open at a time; the closest `[data-expanded]`
 *   element mirrors the state for styling;
 * - `[data-welcome]`, hidden until shown here unless it was closed before in this browser, with
 *   a `data-closes-welcome` button;
 * - a `data-live-map` button with `data-src` and `aria-controls` naming the map's <iframe>.
 */
/** Where a closed welcome card is remembered ("1"); welcomeKey repeats it as a literal. */
export const WELCOME_DISMISSED_KEY = "welcome-dismissed";

function enhancePage(): void {
  // Once per document (not a DOM attribute: React would see it as a hydration mismatch).
  const state = window as Window & { salonEnhanced?: boolean };
  if (state.salonEnhanced) return;
  state.salonEnhanced = true;

  document.addEventListener("click", onPageClick);
  // A closed side navigation tells its menu button (close does not bubble: capture it).
  document.addEventListener("close", onNavClosed, true);
  document.addEventListener("keydown", onEscapeKey);

  const welcome = document.querySelector<HTMLElement>("[data-welcome]");
  if (welcome && readStorage(welcomeKey()) !== "1") welcome.hidden = false;
}

function welcomeKey(): string {
  return "welcome-dismissed"; // WELCOME_DISMISSED_KEY
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // Storage can be unavailable (private modes).
  }
}

function closeWelcome(welcome: HTMLElement): void {
  welcome.hidden = true;
  try {
    window.localStorage.setItem(welcomeKey(), "1");
  } catch {
    // Nothing to remember it in: it greets again next time.
  }
}

function setExpanded(button: Element, expanded: boolean): void {
  button.setAttribute("aria-expanded", String(expanded));
  const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (panel) panel.hidden = !expanded;
  button.parentElement?.closest("[data-expanded]")?.setAttribute("data-expanded", String(expanded));
}

function onPageClick(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element)) return;

  const opener = target.closest("[data-opens-nav]");
  if (opener) {
    const nav = document.getElementById(opener.getAttribute("aria-controls") ?? "");
    if (nav instanceof HTMLDialogElement && !nav.open) {
      nav.showModal();
      opener.setAttribute("aria-expanded", "true");
    }
    return;
  }

  const nav = target.closest("dialog");
  if (nav?.open && nav.classList.contains("side-nav")) {
    // The dialog itself is only hit outside its panel: on the backdrop.
    if (target === nav || target.closest("a, [data-closes-nav]")) nav.close();
    return;
  }

  const disclosure = target.closest("[data-disclosure][aria-controls]");
  if (disclosure) {
    const expand = disclosure.getAttribute("aria-expanded") !== "true";
    const group = disclosure.getAttribute("data-disclosure");
    for (const other of document.querySelectorAll('[data-disclosure][aria-expanded="true"]')) {
      if (other.getAttribute("data-disclosure") === group) setExpanded(other, false);
    }
    setExpanded(disclosure, expand);
    return;
  }

  const welcomeClose = target.closest("[data-closes-welcome]");
  const welcome = welcomeClose?.closest<HTMLElement>("[data-welcome]");
  if (welcome) {
    closeWelcome(welcome);
    return;
  }

  const liveMap = target.closest<HTMLElement>("[data-live-map]");
  const frame = document.getElementById(liveMap?.getAttribute("aria-controls") ?? "");
  if (liveMap && frame instanceof HTMLIFrameElement) {
    frame.removeAttribute("srcdoc");
    frame.src = liveMap.dataset.src ?? "";
    liveMap.hidden = true;
    frame.focus();
  }
}

function onNavClosed(event: Event): void {
  const nav = event.target;
  if (!(nav instanceof HTMLDialogElement) || !nav.classList.contains("side-nav")) return;
  for (const opener of document.querySelectorAll(`[data-opens-nav][aria-controls="${nav.id}"]`)) {
    opener.setAttribute("aria-expanded", "false");
  }
}

function onEscapeKey(event: KeyboardEvent): void {
  if (event.key !== "Escape" || document.querySelector("dialog[open]")) return;
  const welcome = document.querySelector<HTMLElement>("[data-welcome]:not([hidden])");
  if (welcome) closeWelcome(welcome);
}

/** Every function enhancePage calls, directly or not: the inline script declares each of them. */
const SCRIPT_FUNCTIONS = [
  welcomeKey,
  readStorage,
  closeWelcome,
  setExpanded,
  onPageClick,
  onNavClosed,
  onEscapeKey,
];

/**
 * The inline script every page carries, as the server sends it (empty in the browser bundle).
 * The CSP allows it by its hash (server/app.ts), so a page needs no per-response nonce for it and
 * a kept page is the same bytes for every visitor (server/page-cache.ts). Its functions are
 * declared inside one function, so that nothing of it is global but the page's salonEnhanced.
 */
export const ENHANCEMENTS_SCRIPT = import.meta.env.SSR
  ? `(function () {\n${SCRIPT_FUNCTIONS.join("\n")}\n(${enhancePage})();\n})()`
  : "";
