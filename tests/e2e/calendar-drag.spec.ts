import type { Locator, Page } from "@playwright/test";
import { SALON_TIME_ZONE, zonedDateTime } from "../../app/domain/booking/time-zone";
import AxeBuilder from "./axe-builder";
import { mailTo } from "./mailbox";
import { salonDate } from "./salon-date";
import { addClassicManicureWithMara, cancelRow, settled } from "./schedule-steps";
import { expect, expectSaid, test } from "./staff-session";

// The day calendar of the schedule admin (docs/product.md#calendar), with the real mouse in
// Chromium: an appointment dragged to another technician's column and time moves as 'Move' moves
// it (the customer is emailed the new time), a refused drop says why and nothing moves, and the
// visit marks show on the block. This file books its own day (22 days ahead), so other files'
// bookings never meet it.

/** Presses `block` and lets it go over `target` (a free quarter hour) in steps, as a hand would. */
async function dragTo(page: Page, block: Locator, target: Locator, before?: () => Promise<void>) {
  // The block at the top of the calendar's box (under its technicians' headings), the target in
  // sight below it: held near the box's edge, the calendar would scroll under the pointer.
  await block.evaluate((el) => el.scrollIntoView({ block: "start" }));
  const from = await block.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("the block or the target is not on screen");
  // Held by its middle, let go over the middle of the target: it starts at the target's time.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await before?.();
  await page.mouse.up();
}

test("an appointment dragged to another technician's column and time moves, and the customer is emailed the new time; a refused drop says why; the block shows 'Arrived'; 'No-show' waits for the start", async ({
  page,
  signInToSchedule,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const customer = { name: `Dragged Guest ${stamp}`, email: `dragged.${stamp}@example.com` };
  const date = salonDate(22);
  await signInToSchedule(page);

  // A customer who phoned, with Mara at 12:30 PM.
  await addClassicManicureWithMara(page, { date, time: "12:30 PM", ...customer });
  await expect(page).toHaveURL(new RegExp(`date=${date}`));

  const column = (name: string) => page.getByRole("region", { name: `${name}'s day` });
  const block = (name: string) =>
    column(name).getByRole("button", { name: new RegExp(`^${customer.name} `) });
  const row = page.getByRole("row").filter({ hasText: customer.name });
  await expect(block("Mara")).toContainText("12:30 PM to 1:00 PM");
  // Its description tells the keyboard's way to move it.
  await expect(block("Mara")).toHaveAccessibleDescription(/open it and choose Move/);
  await settled(page);

  // Dragged to Lena's 2:15 PM: while held, the calendar shows where it would land.
  await dragTo(
    page,
    block("Mara"),
    page.getByRole("button", { name: "Book with Lena at 2:15 PM" }),
    () => expect(column("Lena").getByText("Move to 2:15 PM with Lena")).toBeVisible(),
  );
  await expectSaid(page, `Moved ${customer.name} to 2:15 PM with Lena.`);
  await expect(block("Lena")).toContainText("2:15 PM to 2:45 PM");
  await expect(block("Mara")).toHaveCount(0);
  await expect(row.getByRole("cell").nth(3)).toHaveText("2:15 PM");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Lena");
  const moved = () => mailTo(customer.email).filter((mail) => mail.subject.startsWith("Moved:"));
  await expect.poll(() => moved().length, { timeout: 15_000 }).toBe(1);
  expect(moved()[0]?.subject).toContain("2:15 PM with Lena");

  // Nina does no manicures: the drop (Playwright's own drag: the block's middle to the cell's) is
  // refused, said in place, and the block stays where it was.
  await settled(page);
  await block("Lena").dragTo(page.getByRole("button", { name: "Book with Nina at 3:00 PM" }));
  await expect(page.getByRole("alert").filter({ hasText: "Not moved" })).toHaveText(
    "Not moved: Nina does not perform this service.",
  );
  await expect(block("Lena")).toContainText("2:15 PM to 2:45 PM");
  await expect(block("Nina")).toHaveCount(0);
  await expect(row.getByRole("cell").nth(3)).toHaveText("2:15 PM");

  // Ten minutes before its start (the page's clock moved on to that day): 'Arrived' is offered,
  // 'No-show' is not.
  await page.clock.setSystemTime(zonedDateTime(date, "14:05", SALON_TIME_ZONE));
  await page.clock.runFor(15_000);
  await block("Lena").click();
  const details = page.getByRole("dialog", { name: customer.name });
  await expect(details.getByRole("button", { name: /^Arrived / })).toBeVisible();
  await expect(details.getByRole("button", { name: /^No-show / })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /^No-show / })).toHaveCount(0);
  await details.getByRole("button", { name: /^Arrived / }).click();
  await expect(block("Lena")).toContainText("Arrived");
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await expect(row.getByRole("button", { name: /^Arrived / })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await settled(page);
  const violations = (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.length})`,
  );
  expect(violations).toEqual([]);

  // From its start on, 'No-show' is offered too.
  await page.clock.setSystemTime(zonedDateTime(date, "14:16", SALON_TIME_ZONE));
  await page.clock.runFor(15_000);
  await expect(row.getByRole("button", { name: /^No-show / })).toBeVisible();

  // Clean up: back to the real time, and cancel it.
  await page.clock.setSystemTime(new Date());
  await page.clock.runFor(15_000);
  await settled(page);
  await cancelRow(page, row);
  await expect(row).toHaveCount(0);
});
