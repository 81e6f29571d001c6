import type { Page } from "@playwright/test";
import { salonDate } from "./salon-date";
import { addClassicManicureWithMara } from "./schedule-steps";
import { expect, test } from "./staff-session";

// Reports on paper (docs/product.md#reports, issue 30): each section prints on one sheet of its
// own, Letter or A4, for a week, a month and a whole year, and nothing of a section is cut off:
// no section is taller than the sheet's printable area, no table wider than the sheet.

const SECTIONS = 8;
const MM = 96 / 25.4;
/** app/styles/reports.css `@page { margin: 12mm }`. */
const MARGIN = 12 * MM;
const SHEETS = {
  Letter: { width: 8.5 * 96, height: 11 * 96 },
  A4: { width: 210 * MM, height: 297 * MM },
} as const;
type Sheet = keyof typeof SHEETS;

const PERIODS = {
  "This week": "period=this-week",
  "This month": "period=this-month",
  "Custom, a whole year": "period=custom&from=2026-01-01&to=2026-12-31",
  // The longest period printed by day: the Revenue sheet's most rows.
  "Custom, 31 days": "period=custom&from=2026-10-01&to=2026-10-31",
};

/** The PDF's page count: its root page tree counts every page (nested trees count parts). */
async function printedSheets(page: Page, format: Sheet): Promise<number> {
  const pdf = (await page.pdf({ format, printBackground: true })).toString("latin1");
  return Math.max(...[...pdf.matchAll(/\/Count (\d+)/g)].map((m) => Number(m[1])));
}

/** In print media at the sheet's printable width: how far each section and table reaches. */
async function printedLayout(page: Page, format: Sheet) {
  const sheet = SHEETS[format];
  await page.setViewportSize({
    width: Math.floor(sheet.width - 2 * MARGIN),
    height: Math.floor(sheet.height - 2 * MARGIN),
  });
  await page.emulateMedia({ media: "print" });
  const layout = await page.evaluate(() => ({
    // The first section shares its sheet with the page's title: measured from the top.
    sections: [...document.querySelectorAll("section.report-section")].map((section, i) => {
      const box = section.getBoundingClientRect();
      return {
        name: section.querySelector("h2")?.textContent,
        height: Math.ceil(i === 0 ? box.bottom + window.scrollY : box.height),
      };
    }),
    cutTables: [...document.querySelectorAll(".reports table")]
      .filter((table) => table.getBoundingClientRect().width > 0)
      .filter(
        (table) =>
          (table.parentElement?.scrollWidth ?? 0) > (table.parentElement?.clientWidth ?? 0),
      )
      .map((table) => table.querySelector("caption")?.textContent),
  }));
  await page.emulateMedia({ media: null });
  return layout;
}

test("each section of Reports prints on one Letter or A4 sheet, whole, for a week, a month and a year", async ({
  page,
  signInToSchedule,
}) => {
  test.setTimeout(120_000);
  // A visit of this week and month, so that the services' and channels' tables have rows.
  const stamp = Date.now().toString(36);
  await signInToSchedule(page);
  await addClassicManicureWithMara(page, {
    date: salonDate(1),
    name: `Printed Guest ${stamp}`,
    email: `printed.${stamp}@example.com`,
  });
  await expect(page.getByRole("row").filter({ hasText: `Printed Guest ${stamp}` })).toBeVisible();

  for (const [label, query] of Object.entries(PERIODS)) {
    await page.goto(`/reports?${query}`);
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    for (const format of ["Letter", "A4"] as const) {
      expect(await printedSheets(page, format), `${label} on ${format}`).toBe(SECTIONS);
      const { sections, cutTables } = await printedLayout(page, format);
      expect(sections.map((s) => s.name)).toHaveLength(SECTIONS);
      const printable = SHEETS[format].height - 2 * MARGIN;
      const tooTall = sections.filter((s) => s.height > printable);
      expect(tooTall, `${label} on ${format}: sections taller than the sheet`).toEqual([]);
      expect(cutTables, `${label} on ${format}: tables wider than the sheet`).toEqual([]);
    }
  }
});
