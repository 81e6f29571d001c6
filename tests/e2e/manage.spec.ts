import type { Page } from "@playwright/test";
import { business } from "../../app/content/business";
import AxeBuilder from "./axe-builder";
import { findTimes } from "./booking-steps";
import { mailTo } from "./mailbox";
import { salonDateNotSunday } from "./salon-date";
import { expect, expectSaid, test } from "./staff-session";

// The customer's manage link and the staff's closed days, end to end: production build, seeded
// catalogue, real SMTP server. Dates far ahead, so the other files' bookings never meet these.

async function book(page: Page, date: string, time: string, name: string, email: string) {
  await findTimes(page, {
    date,
    category: "Waxing",
    service: "Eyebrow Wax",
    path: "/schedule?another=1",
  });
  await page.getByRole("button", { name: time, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Before you confirm..." });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Confirm Date/Time" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
}

/** The manage link in the customer's confirmation email (quoted-printable undone). */
async function manageLink(email: string): Promise<string> {
  await expect.poll(() => mailTo(email).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const raw = (mailTo(email)[0]?.raw ?? "").replace(/=\r?\n/g, "").replaceAll("=3D", "=");
  const match = raw.match(/https?:\/\/[^\s"<>]+\/manage\?token=[A-Za-z0-9_-]{43}/);
  if (!match) throw new Error("No manage link in the confirmation email");
  return match[0];
}

test("a customer opens the emailed link, moves the appointment, then cancels it; emails arrive and the old time is free", async ({
  page,
}) => {
  const date = salonDateNotSunday(20);
  const stamp = Date.now().toString(36);
  const email = `mover.${stamp}@example.com`;
  await book(page, date, "10:00 AM", `Ada ${stamp}`, email);
  const link = await manageLink(email);

  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 1, name: "Manage Your Appointment" }),
  ).toBeVisible();
  await expect(page.getByText(/@ 10:00 AM with Nina/)).toBeVisible();
  await expect(page.getByText(/You can move or cancel online until/)).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  // Move to 2:00 PM the same day: 'New date' starts at the appointment's, its times listed.
  await expect(page.getByLabel("New date")).toHaveValue(date);
  await page.getByRole("radio", { name: "2:00 PM", exact: true }).check();
  await page.getByRole("button", { name: "Move Appointment" }).click();
  await expect(page.getByRole("status")).toContainText(/moved to .* @ 2:00 PM with Nina/);
  await expect(page.getByText(/@ 2:00 PM with Nina/).first()).toBeVisible();

  const moved = () => mailTo(email).filter((mail) => mail.subject.startsWith("Moved:"));
  await expect.poll(() => moved().length, { timeout: 15_000 }).toBe(1);
  expect(moved()[0]?.subject).toMatch(/@ 2:00 PM with Nina$/);
  expect(moved()[0]?.raw).toContain("text/calendar");
  const salonMoved = () =>
    mailTo(business.email).filter((m) => m.subject.startsWith("Moved:") && m.raw.includes(email));
  await expect.poll(() => salonMoved().length, { timeout: 15_000 }).toBe(1);

  // The old time is free again; the new one is taken.
  const visitor = await page.context().newPage();
  await findTimes(visitor, {
    date,
    category: "Waxing",
    service: "Eyebrow Wax",
    path: "/schedule?another=1",
  });
  await expect(visitor.getByRole("button", { name: "10:00 AM", exact: true })).toBeVisible();
  await expect(visitor.getByRole("button", { name: "2:00 PM", exact: true })).toHaveCount(0);

  // Cancel, with one more question first.
  await page.getByRole("button", { name: "Cancel Appointment" }).click();
  await page.getByRole("button", { name: "Yes, Cancel It" }).click();
  await expect(page.getByRole("heading", { name: "This appointment was cancelled" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("is cancelled and the time is free again");

  const cancelled = () => mailTo(email).filter((mail) => mail.subject.startsWith("Cancelled:"));
  await expect.poll(() => cancelled().length, { timeout: 15_000 }).toBe(1);
  expect(cancelled()[0]?.raw).toContain("method=PUBLISH");
  const salonCancelled = () =>
    mailTo(business.email).filter(
      (m) => m.subject.startsWith("Cancelled:") && m.raw.includes(email),
    );
  await expect.poll(() => salonCancelled().length, { timeout: 15_000 }).toBe(1);

  await findTimes(visitor, {
    date,
    category: "Waxing",
    service: "Eyebrow Wax",
    path: "/schedule?another=1",
  });
  await expect(visitor.getByRole("button", { name: "2:00 PM", exact: true })).toBeVisible();

  // The link now shows what it was, and books the same service again.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This appointment was cancelled" })).toBeVisible();
  await expect(page.getByText(/Waxing - Eyebrow Wax, .* @ 2:00 PM with Nina/)).toBeVisible();
  await page.getByRole("link", { name: "Book Again" }).click();
  await expect(page).toHaveURL(/\/schedule\?date=.*service=/);
  await expect(page.getByLabel("Service")).toHaveValue(/.+/);
  await expect(page.locator(".service-box")).toContainText("Eyebrow Wax");
  await expect(page.getByRole("list", { name: "Available times" })).toBeVisible();
  const wrong = link.replace(/token=.*/, `token=${"A".repeat(43)}`);
  const response = await page.goto(wrong);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Appointment not found" })).toBeVisible();
});

test("the owner closes a date in Special Hours: no times are offered, the booked customer is listed to call; deleting it brings the times back", async ({
  page,
  browser,
  signIn,
}) => {
  const date = salonDateNotSunday(30);
  const stamp = Date.now().toString(36);
  const email = `closed.${stamp}@example.com`;
  const visitor = await browser.newPage();
  await book(visitor, date, "11:00 AM", `Grace ${stamp}`, email);

  await signIn(page);
  await page.goto("/site/special-hours");
  await page.getByRole("button", { name: "Add Special Hours" }).click();
  await page.getByLabel("From").fill(date);
  await page.getByLabel("Closed all day").check();
  await page.getByLabel("Note", { exact: true }).fill("Staff training");
  await page.getByRole("button", { name: "Save Special Hours" }).click();
  await expectSaid(page, "Saved the special hours.");
  const row = page.getByRole("row").filter({ hasText: "Staff training" });
  await expect(row).toContainText("Closed all day");
  const outside = page.getByRole("region", { name: "Booked outside the hours" });
  await expect(outside).toContainText(`Grace ${stamp}`);
  await expect(outside.getByRole("link", { name: email })).toBeVisible();

  await findTimes(visitor, {
    date,
    category: "Waxing",
    service: "Eyebrow Wax",
    path: "/schedule?another=1",
  });
  await expect(visitor.getByText("No times are free on this day")).toBeVisible();

  await row.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Staff training" })).toHaveCount(0);
  await findTimes(visitor, {
    date,
    category: "Waxing",
    service: "Eyebrow Wax",
    path: "/schedule?another=1",
  });
  await expect(visitor.getByRole("button", { name: "10:00 AM", exact: true })).toBeVisible();
});
