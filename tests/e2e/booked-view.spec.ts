import { readFile } from "node:fs/promises";
import AxeBuilder from "./axe-builder";
import { findTimes } from "./booking-steps";
import { expect, test } from "./fixtures";
import { salonDateNotSunday } from "./salon-date";

// After booking (docs/product.md#after-booking): the reloaded /schedule shows the booking to the
// browser that made it, and to no other.

test("after the overlays and reload the visitor sees their booking; another browser sees the form", async ({
  page,
  browser,
}) => {
  await findTimes(page, {
    date: salonDateNotSunday(16),
    category: "Manicure",
    service: "Classic Manicure",
  });
  await page.getByRole("button", { name: "1:00 PM", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Before you confirm..." });
  await dialog.getByLabel("Name").fill("Maya Lin");
  await dialog.getByLabel("Email").fill(`maya.${Date.now()}@example.com`);
  await dialog.getByRole("button", { name: "Confirm Date/Time" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Appointment Confirmed" })).toBeVisible({
    timeout: 6000,
  });
  await page.waitForEvent("load", { timeout: 10_000 });

  const view = page.getByRole("region", { name: "Your appointment is booked" });
  await expect(
    page.getByRole("heading", { name: "Your appointment is booked", exact: true }),
  ).toBeVisible();
  // Nothing personal, nor the search, in the address.
  expect(new URL(page.url()).search).toBe("");
  await expect(view).toContainText("1:00 PM");
  await expect(view).toContainText("Classic Manicure");
  await expect(view).toContainText("$35");
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  // 'Add to Calendar' downloads the booking's calendar file.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    view.getByRole("link", { name: "Add to Calendar" }).click(),
  ]);
  const ics = await readFile((await download.path()) as string, "utf8");
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("Classic Manicure");
  expect(ics).toContain("METHOD:PUBLISH");

  // 'Google Calendar' and 'Outlook' open the same event, in UTC, in those calendars (issue 38).
  const unfolded = ics.replace(/\r\n /g, "");
  const property = (name: string) => new RegExp(`^${name}:(.*)$`, "m").exec(unfolded)?.[1]?.trim();
  const [start, end] = [property("DTSTART"), property("DTEND")];
  const title = property("SUMMARY")?.replaceAll("\\,", ",");
  const google = new URL(
    (await view.getByRole("link", { name: "Google Calendar" }).getAttribute("href")) ?? "",
  );
  expect(google.searchParams.get("dates")).toBe(`${start}/${end}`);
  expect(google.searchParams.get("text")).toBe(title);
  const outlook = new URL(
    (await view.getByRole("link", { name: "Outlook" }).getAttribute("href")) ?? "",
  );
  const iso = (stamp = "") =>
    stamp.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z");
  expect(outlook.searchParams.get("startdt")).toBe(iso(start));
  expect(outlook.searchParams.get("enddt")).toBe(iso(end));
  expect(outlook.searchParams.get("subject")).toBe(title);

  // Another browser at the same address sees the empty form.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(page.url());
  await expect(stranger.getByRole("heading", { name: "Your appointment is booked" })).toHaveCount(
    0,
  );
  await expect(stranger.getByLabel("Date")).toHaveValue("");
  expect((await stranger.request.get("/schedule/calendar")).status()).toBe(404);
  await other.close();

  // 'Manage Appointment' opens the manage page.
  const manageHref = await view
    .getByRole("link", { name: "Manage Appointment" })
    .getAttribute("href");
  expect(manageHref).toMatch(/^\/manage\?token=[\w-]{43}$/);
  await view.getByRole("link", { name: "Manage Appointment" }).click();
  await expect(page).toHaveURL(/\/manage\?token=/);
  await expect(page.getByText("Classic Manicure").first()).toBeVisible();

  // 'Book Another' starts an empty form.
  await page.goto("/schedule");
  await expect(page.getByRole("heading", { name: "Your appointment is booked" })).toBeVisible();
  await page.getByRole("link", { name: "Book Another" }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole("heading", { name: "Your appointment is booked" })).toHaveCount(0);
  await expect(page.getByLabel("Date")).toHaveValue("");
  await page.reload();
  await expect(page.getByLabel("Date")).toHaveValue("");
});
