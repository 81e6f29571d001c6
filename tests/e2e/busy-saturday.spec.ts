import type { Locator, Page } from "@playwright/test";
import { SALON_TIME_ZONE, zonedDateTime } from "../../app/domain/booking/time-zone";
import AxeBuilder from "./axe-builder";
import { busySaturday, busySaturdayGuest } from "./busy-saturday";
import { settled } from "./schedule-steps";
import { expect, test } from "./staff-session";

// The front desk on a busy Saturday at 1366 x 768 (issue 38, docs/product.md#front-desk): 25
// appointments, five for each technician, seeded before the server starts (./busy-saturday.ts).
// The calendar is the first thing under the day's header, so appointments show on the first
// screen; its technicians' headings stay in sight while it scrolls; a list row is one line with its
// actions in a menu; the page stays under three screens; a dragged appointment scrolls the calendar
// at its edge. DESK_SCREENSHOTS=<folder> saves the page at that size and at a phone's, to look at.

const SCREEN = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const shots = process.env.DESK_SCREENSHOTS;
const date = busySaturday();

/** The day's schedule at 1366 x 768; `at`: the browser's clock set to that salon time of the day. */
async function openTheDay(
  page: Page,
  signInToSchedule: (page: Page) => Promise<void>,
  at?: string,
) {
  await page.setViewportSize(SCREEN);
  await signInToSchedule(page);
  if (at) await page.clock.setSystemTime(zonedDateTime(date, at, SALON_TIME_ZONE));
  await page.goto(`/scheduleadmin?date=${date}`);
  await expect(page.getByText("25 appointments")).toBeVisible();
  await page.waitForLoadState("networkidle");
}

const calendarOf = (page: Page) => page.getByRole("region", { name: "Calendar", exact: true });
const blockOf = (page: Page, technician: string, guest: number) =>
  page
    .getByRole("region", { name: `${technician}'s day` })
    .getByRole("button", { name: new RegExp(`^${busySaturdayGuest(guest)} `) });

async function save(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-1366.png` });
  await page.screenshot({ path: `${shots}/${name}-1366-full.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${shots}/${name}-390-full.png`, fullPage: true });
  await page.setViewportSize(SCREEN);
}

test("a busy Saturday, at the desk that day, shows appointments on the first screen, in under three screens, and passes axe", async ({
  page,
  signInToSchedule,
}) => {
  // 12:40 PM on the day: the morning's rows have their visit marks, the afternoon's too.
  await openTheDay(page, signInToSchedule, "12:40");
  const rows = page.getByRole("row").filter({ hasText: "Saturday Guest" });
  await expect(rows.first().getByRole("button", { name: /^No-show / })).toBeVisible();
  await save(page, "scheduleadmin-saturday");
  // The first appointments of the day, with no scrolling.
  for (const [technician, guest] of [
    ["Mara", 1],
    ["Lena", 6],
  ] as const) {
    await expect(blockOf(page, technician, guest)).toBeInViewport();
  }
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, `the page is ${height} px tall`).toBeLessThan(3 * SCREEN.height);

  // Every row of the list is one line.
  await expect(rows).toHaveCount(25);
  const heights = await rows.evaluateAll((list) => list.map((row) => row.clientHeight));
  expect(Math.max(...heights), `row heights ${heights.join(", ")}`).toBeLessThanOrEqual(56);

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

test("the technicians' headings stay in sight while the calendar scrolls to the evening", async ({
  page,
  signInToSchedule,
}) => {
  await openTheDay(page, signInToSchedule);
  const calendar = calendarOf(page);
  // The page scrolled to the calendar, and the calendar to its last appointments.
  await calendar.evaluate((el) => el.scrollIntoView({ block: "end" }));
  await calendar.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(blockOf(page, "Jade", 25)).toBeInViewport();
  await expect(blockOf(page, "Mara", 1)).not.toBeInViewport();
  for (const technician of ["Mara", "Lena", "Sofia", "Nina", "Jade"]) {
    await expect(calendar.getByRole("heading", { name: technician })).toBeInViewport();
  }
  await save(page, "scheduleadmin-saturday-evening");
});

test("a row's actions are a menu: the keyboard opens it, moves in it, Escape closes it and the focus goes back", async ({
  page,
  signInToSchedule,
}) => {
  await openTheDay(page, signInToSchedule);
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: busySaturdayGuest(3), exact: true }) });
  const actions = row.getByRole("button", { name: `Actions for ${busySaturdayGuest(3)}'s` });
  await expect(actions).toHaveAttribute("aria-expanded", "false");
  await actions.focus();
  await page.keyboard.press("Enter");
  const menu = row.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(actions).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("menuitem")).toHaveText(
    ["Move", "Edit Customer", "Cancel"].map((w) => new RegExp(`^${w} `)),
  );
  await expect(menu.getByRole("menuitem", { name: /^Move / })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: /^Edit Customer / })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("menuitem", { name: /^Cancel / })).toBeFocused();
  await save(page, "scheduleadmin-saturday-menu");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(actions).toBeFocused();
  await expect(actions).toHaveAttribute("aria-expanded", "false");

  // An item opens its dialog; closed, it gives the focus back to the menu's button.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const edit = page.getByRole("dialog", { name: "Edit customer" });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel("Name")).toHaveValue(busySaturdayGuest(3));
  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();
  await expect(actions).toBeFocused();

  // A click elsewhere closes it too.
  await actions.click();
  await expect(menu).toBeVisible();
  await page.getByRole("heading", { level: 1, name: "Schedule" }).click();
  await expect(menu).toBeHidden();
});

/** Holds `block` with the mouse and brings it to `y` (px in the window), over its own column. */
async function holdAt(page: Page, block: Locator, y: number) {
  const from = await block.boundingBox();
  if (!from) throw new Error("the block is not on screen");
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(x, y, { steps: 10 });
}

test("an appointment held at the calendar's lower edge scrolls it; Escape puts it back", async ({
  page,
  signInToSchedule,
}) => {
  await openTheDay(page, signInToSchedule);
  await settled(page);
  const calendar = calendarOf(page);
  await calendar.evaluate((el) => el.scrollIntoView({ block: "end" }));
  const box = await calendar.boundingBox();
  if (!box) throw new Error("no calendar");
  const block = blockOf(page, "Mara", 1);
  await holdAt(page, block, box.y + box.height - 8);
  await expect.poll(() => calendar.evaluate((el) => el.scrollTop)).toBeGreaterThan(200);
  await expect(
    page.getByRole("region", { name: "Mara's day" }).getByText(/^Move to /),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await page.mouse.up();
  await expect(block).toContainText("10:00 AM to 10:30 AM");
  await expect(page.getByRole("status").filter({ hasText: "Moved" })).toHaveCount(0);
});
