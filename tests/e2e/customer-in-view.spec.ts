import type { Locator, Page } from "@playwright/test";
import AxeBuilder from "./axe-builder";
import { expect, test } from "./fixtures";
import { salonDateNotSunday } from "./salon-date";

// What a customer on a phone needs lands on the screen (issue 38): a mistyped email is said
// beside the field, with no failure overlay; after the booking's reload 'Your appointment is
// booked' is at the top of the screen with the focus; /manage's message after a move and a
// cancel likewise. At 390 x 844, a common phone's screen.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function noViolations(page: Page) {
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

/** On the screen, near its top (under the sticky header), and focused. */
async function expectAtTopAndFocused(page: Page, target: Locator) {
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport({ ratio: 1 });
  const box = await target.boundingBox();
  const screen = page.viewportSize();
  expect(box?.y).toBeGreaterThanOrEqual(0);
  expect(box?.y).toBeLessThan((screen?.height ?? 0) / 4);
}

/** The day's times of the one-technician wax, on a phone, its last time chosen (far down). */
async function chooseLastTime(page: Page, date: string) {
  await page.goto("/schedule?another=1");
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Category").selectOption("Waxing");
  await page.getByLabel("Service").selectOption({ label: "Eyebrow Wax" });
  await page.getByRole("button", { name: "Get Available Times" }).tap();
  const times = page.getByRole("list", { name: "Available times" }).getByRole("button");
  await expect(times.first()).toBeVisible();
  const last = times.last();
  const label = ((await last.textContent()) ?? "").trim();
  await last.tap();
  return label;
}

test("a mistyped email is said beside the field, then the booked view is at the top with the focus", async ({
  page,
}) => {
  const date = salonDateNotSunday(52);
  await chooseLastTime(page, date);
  const dialog = page.getByRole("dialog", { name: "Before you confirm..." });
  const email = dialog.getByLabel("Email");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/schedule/book")) {
      posts.push(request.url());
    }
  });
  const failure = page.getByRole("alert").filter({ hasText: "Failure" });

  // Not an address at all: said by the browser, before anything is sent.
  await dialog.getByLabel("Name").fill("Maya Lin");
  await email.fill("maya.example.com");
  await dialog.getByRole("button", { name: "Confirm Date/Time" }).tap();
  await expect(email).toHaveAccessibleDescription("Enter a valid email address");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  expect(posts).toHaveLength(0);
  await expect(failure).toHaveCount(0);
  await noViolations(page);

  // An address the browser takes and the server does not: the server's words, in the same place.
  await email.fill("maya@example");
  await dialog.getByRole("button", { name: "Confirm Date/Time" }).tap();
  await expect.poll(() => posts.length).toBe(1);
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeHidden();
  await expect(email).toHaveAccessibleDescription("Enter a valid email address");
  await expect(email).toBeFocused();
  await expect(failure).toHaveCount(0);
  await expect(dialog).toBeVisible();

  await email.fill(`maya.${Date.now()}@example.com`);
  await expect(email).toHaveAccessibleDescription("Enter a valid email address");
  await dialog.getByRole("button", { name: "Confirm Date/Time" }).tap();
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Appointment Confirmed" })).toBeVisible({
    timeout: 6000,
  });
  await page.waitForEvent("load", { timeout: 10_000 });

  const heading = page.getByRole("heading", { name: "Your appointment is booked", exact: true });
  await expectAtTopAndFocused(page, heading);
  await noViolations(page);
});

test("on /manage the message after a move and after a cancel is on the screen with the focus", async ({
  page,
}) => {
  const date = salonDateNotSunday(55);
  const first = await chooseLastTime(page, date);
  const dialog = page.getByRole("dialog", { name: "Before you confirm..." });
  await dialog.getByLabel("Name").fill("Ines Park");
  await dialog.getByLabel("Email").fill(`ines.${Date.now()}@example.com`);
  await dialog.getByRole("button", { name: "Confirm Date/Time" }).tap();
  await page.waitForEvent("load", { timeout: 15_000 });
  await page.getByRole("link", { name: "Manage Appointment" }).tap();
  await expect(page).toHaveURL(/\/manage\?token=/);

  // Another time of the same day, the form at the foot of the page.
  const radios = page.getByRole("radio");
  await expect(radios.first()).toBeAttached();
  const labels = await radios.evaluateAll((inputs) =>
    inputs.map((input) => input.closest("label")?.textContent?.trim() ?? ""),
  );
  const other = labels.find((label) => label !== first) ?? "";
  await page.getByRole("radio", { name: other, exact: true }).check();
  await page.getByRole("button", { name: "Move Appointment" }).tap();
  const moved = page.getByRole("status").filter({ hasText: "Your appointment is moved to" });
  await expectAtTopAndFocused(page, moved);
  await noViolations(page);

  await page.getByRole("button", { name: "Cancel Appointment" }).tap();
  await page.getByRole("button", { name: "Yes, Cancel It" }).tap();
  const cancelled = page
    .getByRole("status")
    .filter({ hasText: "is cancelled and the time is free again" });
  await expectAtTopAndFocused(page, cancelled);
  await noViolations(page);
});
