import type { Page } from "@playwright/test";
import { SALON_TIME_ZONE, weekdayOf, zonedDateTime } from "../../app/domain/booking/time-zone";
import AxeBuilder from "./axe-builder";
import { salonDate } from "./salon-date";
import { addClassicManicureWithMara, settled } from "./schedule-steps";
import { expect, test } from "./staff-session";

// 'Reports' end to end (docs/product.md#reports): the owner opens it from her navigation, every
// section is there with its table, axe passes, a table downloads as CSV with the page's figures as numbers, the
// period form works without JavaScript, and a Staff account gets 403.

async function axe(page: Page) {
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

test("the owner opens Reports for this week, downloads the technicians' CSV and reads its rows", async ({
  page,
  signIn,
}) => {
  await signIn(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Staff" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByLabel("Period")).toHaveValue("this-week");
  for (const name of [
    "Revenue",
    "Appointments",
    "Clients",
    "Technicians",
    "Services",
    "Channels",
    "Busiest times",
    "Website",
  ]) {
    await expect(page.getByRole("region", { name })).toBeVisible();
  }
  const appointments = page.getByRole("region", { name: "Appointments" });
  for (const figure of ["Booked", "No-show rate", "Cancellation rate"]) {
    await expect(appointments.getByRole("rowheader", { name: figure, exact: true })).toBeVisible();
  }
  const clients = page.getByRole("region", { name: "Clients" });
  for (const figure of ["Rebooking rate", "90-day return rate"]) {
    await expect(clients.getByRole("rowheader", { name: figure })).toBeVisible();
  }
  const technicians = page.getByRole("region", { name: "Technicians" });
  await expect(technicians.getByRole("img", { name: /Utilisation per technician/ })).toBeVisible();
  await expect(technicians.getByRole("columnheader", { name: "Utilisation" })).toBeVisible();
  await axe(page);

  const firstRow = technicians.getByRole("row").nth(1);
  const cells = await firstRow.locator("th, td").allInnerTexts();
  const download = page.waitForEvent("download");
  // Each of the eleven links names its table to a screen reader (issue 38).
  await expect(page.getByRole("link", { name: /^Download CSV/ })).toHaveCount(11);
  await technicians.getByRole("link", { name: "Download CSV: Technicians", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^technicians-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
  const path = await file.path();
  const { readFile } = await import("node:fs/promises");
  const bytes = await readFile(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe(
    "Technician,Period,Utilisation (%),Booked hours (h),Working hours (h),Revenue (USD),Appointments,No-shows,Average ticket (USD)",
  );
  // The page's row, its figures as bare numbers (the name, first, may be quoted).
  const row = lines[1]?.replace(/^"(.*?)",/, "$1,").split(",") ?? [];
  expect(row.slice(0, 2)).toEqual(cells.slice(0, 2));
  expect(row.slice(2).map(Number)).toEqual(cells.slice(2).map(pageFigure));
});

/** A figure as the page shows it ("$52.50", "12.5%", "2.0 h", "n/a"), as a number (n/a: 0, as an empty CSV cell reads). */
const pageFigure = (text: string) => (text === "n/a" ? 0 : Number(text.replace(/[$,%]| h$/g, "")));

test("the period form works without JavaScript", async ({ page, signIn, browser }) => {
  await signIn(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();
  await plain.goto("/reports");
  await plain.getByLabel("Period").selectOption({ label: "Custom" });
  await plain.getByLabel("From").fill("2026-03-02");
  await plain.getByLabel("To", { exact: true }).fill("2026-03-15");
  await plain.getByRole("button", { name: "Show Report" }).click();
  await expect(plain).toHaveURL(/period=custom&from=2026-03-02&to=2026-03-15/);
  await expect(plain.getByText("Custom: March 2, 2026 to March 15, 2026")).toBeVisible();
  await plain.getByLabel("To", { exact: true }).fill("2026-03-01");
  await plain.getByRole("button", { name: "Show Report" }).click();
  await expect(plain.getByText("Ends on or after the first day")).toBeVisible();
  await context.close();
});

test("a year's revenue prints by month, on screen by day too", async ({ page, signIn }) => {
  await signIn(page);
  await page.goto("/reports?period=custom&from=2026-01-01&to=2026-12-31");
  const revenue = page.getByRole("region", { name: "Revenue" });
  const perDay = revenue.getByRole("table", { name: "Revenue per day" });
  const perMonth = revenue.getByRole("table", { name: "Revenue per month" });
  await expect(perDay).toBeVisible();
  await expect(perMonth.getByRole("row")).toHaveCount(13);
  await page.emulateMedia({ media: "print" });
  await expect(perDay).toBeHidden();
  await expect(perMonth).toBeVisible();
});

test("a Staff account gets 403 from Reports and its CSVs", async ({ page, signIn, browser }) => {
  const stamp = Date.now().toString(36);
  const email = `reports-staff-${stamp}@example.com`;
  const password = `reports password ${stamp}`;
  await signIn(page);
  await page.goto("/accounts");
  await page.getByRole("button", { name: "Add Account" }).click();
  const add = page.getByRole("dialog", { name: "Add Account" });
  await add.getByLabel("Email").fill(email);
  await add.getByLabel("Password").fill(password);
  await add.getByRole("button", { name: "Save Account" }).click();
  await expect(
    page
      .getByRole("table", { name: "Accounts, owners first" })
      .getByRole("row")
      .filter({ hasText: email }),
  ).toContainText("Staff");

  const context = await browser.newContext();
  const staff = await context.newPage();
  await staff.goto("/login");
  await staff.getByLabel("Email").fill(email);
  await staff.getByLabel("Password").fill(password);
  await staff.getByRole("button", { name: "Let's Go" }).click();
  await expect(staff).toHaveURL(/\/dashboard$/);
  await expect(staff.locator('#side-nav a[href="/reports"]')).toHaveCount(0);
  const answer = await staff.goto("/reports");
  expect(answer?.status()).toBe(403);
  await expect(staff.getByText("Only the owner can open Reports.")).toBeVisible();
  const csv = await staff.request.get("/reports/csv?table=technicians&period=this-week");
  expect(csv.status()).toBe(403);
  await context.close();
});

const dollars = (text: string) => Number(text.replace(/[$,]/g, ""));

test("a visit marked Completed with an amount and a tip shows in this week's revenue and the technicians' CSV", async ({
  page,
  signInToSchedule,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const customer = { name: `Reported Guest ${stamp}`, email: `reported.${stamp}@example.com` };
  // Tomorrow: in this week unless today is Sunday (then the report's own 'Custom' week).
  const date = salonDate(1);
  await signInToSchedule(page);
  // The day's first free time with Mara.
  await addClassicManicureWithMara(page, { date, ...customer });
  const row = page.getByRole("row").filter({ hasText: customer.name });
  await expect(row).toBeVisible();

  // The visit is over: the page's clock moves on to that evening.
  await page.clock.setSystemTime(zonedDateTime(date, "21:00", SALON_TIME_ZONE));
  await page.clock.runFor(15_000);
  await settled(page);
  await row.getByRole("button", { name: /^Completed / }).click();
  const dialog = page.getByRole("dialog", { name: "Complete visit" });
  await dialog.getByLabel("Amount charged").fill("61.25");
  await dialog.getByLabel("Tip").fill("9.75");
  await dialog.getByLabel("Amount charged").press("Enter");
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("definition")).toHaveText(["$61.25", "$9.75"]);

  await page.clock.setSystemTime(new Date());
  const query =
    weekdayOf(date) === "Monday"
      ? `?period=custom&from=${date}&to=${salonDate(7)}`
      : "?period=this-week";
  await page.goto(`/reports${query}`);
  const revenue = page.getByRole("region", { name: "Revenue" });
  const cell = (name: string) =>
    revenue
      .getByRole("row", { name: new RegExp(`^${name} `) })
      .getByRole("cell")
      .first();
  expect(dollars((await cell("Charged").textContent()) ?? "")).toBeGreaterThanOrEqual(61.25);
  expect(dollars((await cell("Tips").textContent()) ?? "")).toBeGreaterThanOrEqual(9.75);

  const technicians = page.getByRole("region", { name: "Technicians" });
  const mara = technicians.getByRole("row", { name: /^Mara This period / });
  const cells = await mara.locator("th, td").allInnerTexts();
  expect(dollars(cells[5] ?? "")).toBeGreaterThanOrEqual(61.25);
  const download = page.waitForEvent("download");
  await technicians.getByRole("link", { name: "Download CSV: Technicians" }).click();
  const { readFile } = await import("node:fs/promises");
  const lines = (await readFile(await (await download).path(), "utf8")).split("\r\n");
  // Mara's row, her revenue a number a spreadsheet adds up: the amount entered, at least.
  const maraCsv = lines.find((line) => line.startsWith("Mara,This period,"))?.split(",") ?? [];
  expect(Number(maraCsv[5])).toBe(dollars(cells[5] ?? ""));
  expect(Number(maraCsv[5])).toBeGreaterThanOrEqual(61.25);
});
