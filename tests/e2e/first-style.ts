import type { Page } from "@playwright/test";

/**
 * Watches for the first element matching `selector` to enter the page (a client-side navigation
 * rendering it) and reads one of its computed styles at once, before the browser paints: a page
 * shown before its stylesheets have loaded would give the browser's default. Read the value with
 * `firstStyle(page)` once the page is there.
 */
export async function watchFirstStyle(page: Page, selector: string, property: string) {
  await page.evaluate(
    ([selector, property]) => {
      const state = window as unknown as { firstStyle?: string };
      new MutationObserver((_, observer) => {
        const element = document.querySelector(selector);
        if (!element) return;
        state.firstStyle = getComputedStyle(element).getPropertyValue(property);
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    },
    [selector, property] as const,
  );
}

export function firstStyle(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { firstStyle?: string }).firstStyle);
}
