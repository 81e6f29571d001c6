import { SALON_TIME_ZONE } from "../../app/domain/booking/time-zone";
import AxeBuilder from "./axe-builder";
import { findTimes } from "./booking-steps";
import { mailTo } from "./mailbox";
import { salonDate } from "./salon-date";
import {
  addClassicManicureWithMara,
  cancelRow,
  chooseRowAction,
  rowActions,
} from "./schedule-steps";
import { REGULAR } from "./seed-history";
import { expect, expectSaid, expectSuccess, test } from "./staff-session";

// The staff schedule admin end to end: production build, the CLI's staff account, real SMTP.
// Other files book the seeded services in parallel, so this one makes its own type with its own
// technician, named after the run.

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

test("staff create, list, duplicate, remove and update a type; a visitor books it; staff see it and cancel it; the time is free again", async ({
  page,
  browser,
  signInToSchedule,
}) => {
  // The longest flow of the suite (about 60 steps, three browser contexts): 12-28 s here.
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const category = "E2E Care";
  const typeName = `Test Treatment ${stamp}`;
  const technician = `Wren ${stamp}`;
  const customer = { name: `Grace Hopper ${stamp}`, email: `grace.${stamp}@example.com` };
  const date = salonDate(4);
  const listed = page.getByRole("button", { name: `${category} - ${typeName}`, exact: true });

  await signInToSchedule(page);

  // Her technician joins the team (the salon's hours, on the schedule's 'Team' page), then a type
  // she performs.
  await page
    .getByRole("navigation", { name: "Schedule pages" })
    .getByRole("link", { name: "Team" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await page.getByRole("button", { name: "Add Technician" }).click();
  await page.getByLabel("Technician name").fill(technician);
  await page.getByRole("button", { name: "Save Technician" }).click();
  await expectSaid(page, `Added ${technician} to the team.`);
  await page.goto("/scheduleadmin");
  await page.getByRole("button", { name: "Create New Appointment Type" }).click();
  await page.getByLabel("Type", { exact: true }).fill(typeName);
  await page.getByLabel("Category").fill(category);
  await page.getByLabel("Start").fill("10:00");
  await page.getByLabel("End", { exact: true }).fill("18:00");
  await page.getByLabel("Duration").fill("30");
  await page.getByLabel("Price").fill("$50");
  await page
    .getByLabel("Description", { exact: true })
    .fill("A calm test treatment, booked by the end-to-end run.");
  for (const day of WEEKDAYS) await page.getByLabel(day, { exact: true }).check();
  await page.getByLabel(technician, { exact: true }).check();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expectSuccess(page);

  // See it listed as '<Category> - <Type>'.
  await page.getByRole("button", { name: "View Appointment Types" }).click();
  await expect(listed).toHaveCount(1);

  // Duplicate it: a second entry, and the copy opens.
  await listed.click();
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue(typeName);
  await page.getByRole("button", { name: "Duplicate" }).click();
  await expectSuccess(page);
  await expect(listed).toHaveCount(2);
  await expect(page.getByText("This is the new copy")).toBeVisible();

  // Remove the copy (listed after its original).
  await listed.nth(1).click();
  await page.getByRole("button", { name: "Remove" }).click();
  await expectSuccess(page);
  await expect(listed).toHaveCount(1);

  // Update the price.
  await listed.click();
  await page.getByLabel("Price").fill("$55");
  await page.getByRole("button", { name: "Update" }).click();
  await expectSuccess(page);
  await expect(page.getByLabel("Price")).toHaveValue("$55");

  // The menu is the same: /services lists the new category with the new price.
  const menuContext = await browser.newContext();
  const menu = await menuContext.newPage();
  await menu.goto("/services");
  const card = menu.getByRole("listitem").filter({
    has: menu.getByRole("heading", { level: 2, name: category }),
  });
  // Its price is in view, no 'Show More' needed (docs/product.md#services-prices-in-view).
  await expect(card.getByRole("listitem").filter({ hasText: typeName })).toContainText("$55");
  // Staff describe the new category in 'Categories' (a page of its own); the menu says so at once.
  await page.goto("/scheduleadmin/categories");
  await page.getByLabel("Menu section").selectOption(category);
  await page.getByLabel("Summary", { exact: true }).fill("Treatments made for the test run.");
  await page.getByLabel("Menu text", { exact: true }).fill("A category the end-to-end run adds.");
  await page.getByRole("button", { name: "Save Category" }).click();
  await expectSaid(page, `Saved ${category}.`);
  await menu.reload();
  await expect(card).toContainText("Treatments made for the test run.");
  await menuContext.close();
  await page.goto("/scheduleadmin");

  // A visitor, in another browser context, books it from /schedule at the new price.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await findTimes(visitor, { date, category, service: typeName });
  await expect(visitor.locator(".service-box")).toContainText("$55");
  await visitor.getByRole("button", { name: "10:00 AM", exact: true }).click();
  const confirm = visitor.getByRole("dialog", { name: "Before you confirm..." });
  await expect(confirm).toContainText(`10:00 AM with ${technician}`);
  await confirm.getByLabel("Name").fill(customer.name);
  await confirm.getByLabel("Email").fill(customer.email);
  await confirm.getByRole("button", { name: "Confirm Date/Time" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
  // Her browser shows her booking on /schedule now; 'Book Another' brings the empty form back.
  await visitor.goto("/schedule?another=1");
  await findTimes(visitor, { date, category, service: typeName });
  await expect(visitor.getByRole("button", { name: "10:00 AM", exact: true })).toHaveCount(0);

  // Staff see it in that day's list, with 'No Phone'.
  await page.getByLabel("Date", { exact: true }).fill(date);
  await page.getByRole("button", { name: "Get Scheduled Appointments" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  const row = page.getByRole("row").filter({ hasText: customer.name });
  await expect(row.getByRole("cell")).toHaveText([
    customer.name,
    typeName,
    "No Phone",
    "10:00 AM",
    technician,
    /^Upcoming/,
  ]);

  // Cancel it: the row goes, and the customer is told, with a calendar cancellation.
  await chooseRowAction(row, `Cancel ${customer.name}'s 10:00 AM appointment`);
  const dialog = page.getByRole("dialog", { name: "Cancel this appointment?" });
  await expect(dialog).toContainText(customer.name);
  await dialog.getByRole("button", { name: "Cancel appointment" }).click();
  await expectSaid(page, `Cancelled ${customer.name}'s 10:00 AM appointment.`);
  await expect(row).toHaveCount(0);
  const cancellations = () =>
    mailTo(customer.email).filter((mail) => mail.subject.startsWith("Cancelled"));
  await expect.poll(() => cancellations().length, { timeout: 15_000 }).toBe(1);
  const raw = cancellations()[0]?.raw ?? "";
  expect(raw).toMatch(/Content-Type: text\/calendar;[^\n]*method=PUBLISH/);
  const ics = /filename=appointment\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1] ?? "";
  expect(Buffer.from(ics, "base64").toString("utf8")).toContain("STATUS:CANCELLED");

  // The time is offered again at once.
  await findTimes(visitor, { date, category, service: typeName });
  await expect(visitor.getByRole("button", { name: "10:00 AM", exact: true })).toBeVisible();
  await visitorContext.close();

  // Clean up: the run's type goes; nothing else was touched.
  await page.getByRole("button", { name: "View Appointment Types" }).click();
  await listed.click();
  await page.getByRole("button", { name: "Remove" }).click();
  await expectSuccess(page);
  await expect(listed).toHaveCount(0);
});

test("staff add an appointment for a customer who phoned, from the same free times as online booking", async ({
  page,
  signInToSchedule,
}) => {
  const stamp = Date.now().toString(36);
  const caller = { name: `Ada Caller ${stamp}`, email: `ada.${stamp}@example.com` };
  const phone = "(312) 555-0188";
  const date = salonDate(11);
  const service = "Add-On Services - French Tip Add-On";
  await signInToSchedule(page);

  const dialog = page.getByRole("dialog", { name: "Add an Appointment" });
  const choose = async () => {
    await page.getByRole("button", { name: "Add Appointment" }).click();
    await dialog.getByLabel("Appointment date").fill(date);
    await dialog.getByLabel("Service").selectOption({ label: service });
    await dialog.getByLabel("Worker").selectOption("Jade");
    await expect(dialog.getByLabel("Time").locator("option").nth(1)).toBeAttached();
  };
  await choose();
  await dialog.getByLabel("Time").selectOption({ label: "11:00 AM" });
  await dialog.getByLabel("Name").fill(caller.name);
  // Name and email are required, as online: nothing is sent without an email.
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Email").fill(caller.email);
  await dialog.getByLabel("Phone").fill(phone);
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expectSaid(page, new RegExp(`^Booked ${caller.name} at 11:00 AM with Jade on `));
  await expect(dialog).toBeHidden();

  // The list shows the booked day, with the phone.
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  const row = page.getByRole("row").filter({ hasText: caller.name });
  await expect(row.getByRole("cell")).toHaveText([
    caller.name,
    "French Tip Add-On",
    phone,
    "11:00 AM",
    "Jade",
    /^Upcoming/,
  ]);
  await expect
    .poll(() => mailTo(caller.email).filter((m) => m.subject.startsWith("Your appointment")))
    .toHaveLength(1);

  // Jade's 11:00 AM is no longer offered.
  await choose();
  await expect(dialog.getByLabel("Time").locator("option", { hasText: /^11:00 AM$/ })).toHaveCount(
    0,
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Clean up: cancel it.
  await cancelRow(page, row);
  await expectSaid(page, /^Cancelled .*'s \d{1,2}:\d{2} [AP]M appointment\.$/);
  await expect(row).toHaveCount(0);
});

test("a visitor's booking shows in the staff's open day list and leaves another visitor's open list, without a reload", async ({
  page,
  browser,
  signInToSchedule,
}) => {
  const stamp = Date.now().toString(36);
  let days = 16;
  // Waxing is Monday to Saturday.
  while (new Date(`${salonDate(days)}T12:00:00Z`).getUTCDay() === 0) days++;
  const date = salonDate(days);
  const customer = `Live Guest ${stamp}`;
  await signInToSchedule(page);
  await page.getByLabel("Date", { exact: true }).fill(date);
  await page.getByRole("button", { name: "Get Scheduled Appointments" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  // Marks this very document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  const [booking, watching] = await Promise.all([browser.newContext(), browser.newContext()]);
  const visitor = await booking.newPage();
  const other = await watching.newPage();
  await findTimes(other, { date, category: "Waxing", service: "Eyebrow Wax" });
  await other.evaluate(() => Object.assign(window, { notReloaded: true }));
  await findTimes(visitor, { date, category: "Waxing", service: "Eyebrow Wax" });
  await visitor.getByRole("button", { name: "3:00 PM", exact: true }).click();
  const confirm = visitor.getByRole("dialog", { name: "Before you confirm..." });
  await confirm.getByLabel("Name").fill(customer);
  await confirm.getByLabel("Email").fill(`live.${stamp}@example.com`);
  await confirm.getByRole("button", { name: "Confirm Date/Time" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Success" })).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: customer });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(other.getByRole("button", { name: "3:00 PM", exact: true })).toHaveCount(0, {
    timeout: 10_000,
  });
  await expect(other.getByRole("button", { name: "3:15 PM", exact: true })).toBeVisible();
  expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);
  expect(await other.evaluate(() => "notReloaded" in window)).toBe(true);
  await booking.close();
  await watching.close();

  // Clean up: cancel it.
  await cancelRow(page, row);
  await expectSaid(page, /^Cancelled .*'s \d{1,2}:\d{2} [AP]M appointment\.$/);
  await expect(row).toHaveCount(0);
});

test("staff move an appointment to another time and technician, and the customer is emailed the new time; a no-show is marked", async ({
  page,
  signInToSchedule,
}) => {
  const stamp = Date.now().toString(36);
  const customer = { name: `Moved Guest ${stamp}`, email: `moved.${stamp}@example.com` };
  const date = salonDate(18);
  await signInToSchedule(page);

  // A customer who phoned, with Mara at 10:00 AM.
  await addClassicManicureWithMara(page, { date, time: "10:00 AM", ...customer });
  await expectSaid(page, `Booked ${customer.name} at 10:00 AM with Mara on `);
  const row = page.getByRole("row").filter({ hasText: customer.name });
  await expect(row.getByRole("cell").nth(3)).toHaveText("10:00 AM");

  // Moved to 11:00 AM with Lena, the status line naming her.
  await chooseRowAction(row, "Move");
  const move = page.getByRole("dialog", { name: "Move this appointment" });
  await expect(move.getByLabel("Service")).toHaveValue(/.+/);
  await expect(move.getByLabel("Time").locator("option").nth(1)).toBeAttached();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await move.getByLabel("Worker").selectOption("Lena");
  await move.getByLabel("Time").selectOption({ label: "11:00 AM" });
  await move.getByRole("button", { name: "Move Appointment" }).click();
  // Said in place; the dialog closes and the focus is back on the row's 'Actions', which had it.
  await expectSaid(page, `Moved ${customer.name} to 11:00 AM with Lena.`);
  await expect(move).toBeHidden();
  await expect(rowActions(row)).toBeFocused();
  await expect(row.getByRole("cell").nth(3)).toHaveText("11:00 AM");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Lena");
  const moved = () => mailTo(customer.email).filter((mail) => mail.subject.startsWith("Moved:"));
  await expect.poll(() => moved().length, { timeout: 15_000 }).toBe(1);
  expect(moved()[0]?.subject).toContain("11:00 AM with Lena");

  // Clean up: cancel it.
  await cancelRow(page, row);
  await expectSaid(page, /^Cancelled .*'s \d{1,2}:\d{2} [AP]M appointment\.$/);

  // Yesterday's regular did not come: a no-show, shown pressed in the list.
  await page.getByLabel("Date", { exact: true }).fill(salonDate(-1));
  await page.getByRole("button", { name: "Get Scheduled Appointments" }).click();
  const regular = page.getByRole("row").filter({ hasText: REGULAR.name });
  await regular.getByRole("button", { name: /^No-show / }).click();
  await expectSaid(page, `Marked ${REGULAR.name} No-show`);
  await expect(regular.getByRole("button", { name: /^No-show / })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The focus stays on the pressed mark.
  await expect(regular.getByRole("button", { name: /^No-show / })).toBeFocused();
});

test("the type form marks empty fields and sends nothing; the clock ticks in salon time", async ({
  page,
  signInToSchedule,
}) => {
  await signInToSchedule(page);
  const clock = page.getByRole("timer");
  await expect(clock).toHaveText(/^\d{1,2}:\d{2}:\d{2} [AP]M$/);
  const first = await clock.textContent();
  await expect(clock).not.toHaveText(first ?? "", { timeout: 3000 });
  // The salon's hour (a few seconds either way, in case the hour turns meanwhile).
  const hourAt = (ms: number) =>
    new Intl.DateTimeFormat("en-US", { timeZone: SALON_TIME_ZONE, hour: "numeric" })
      .formatToParts(ms)
      .find((part) => part.type === "hour")?.value;
  const hours = new Set([hourAt(Date.now() - 5000), hourAt(Date.now() + 5000)]);
  await expect(clock).toHaveText(new RegExp(`^(${[...hours].join("|")}):`));

  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await page.getByRole("button", { name: "Create New Appointment Type" }).click();
  await page.getByLabel("Type", { exact: true }).fill("Only a name");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  for (const label of ["Category", "Start", "Duration", "Price", "Description"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("aria-invalid", "true");
  }
  // No technician chosen: the team's boxes are marked too.
  const technicians = page.getByRole("group", { name: "Workers" });
  await expect(technicians.getByRole("checkbox").first()).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("End", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Monday")).toHaveAttribute("aria-invalid", "true");
  // The first empty field has the focus, and keeps its red border.
  await expect(page.getByLabel("Category")).toBeFocused();
  await expect(page.getByLabel("Category")).toHaveCSS("border-top-color", "rgb(179, 38, 30)");
  await expect(page.getByLabel("Type", { exact: true })).not.toHaveAttribute("aria-invalid");
  expect(posted).toBe(false);
});

test("the schedule admin, signed in, with the type list and create form open, and the add dialog, has no accessibility violations", async ({
  page,
  signInToSchedule,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await signInToSchedule(page);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "View Appointment Types" }).click();
  await page.getByRole("button", { name: "Create New Appointment Type" }).click();
  await expect(page.getByLabel("Type", { exact: true })).toBeVisible();
  // The pointer leaves the button it clicked: axe would read its hover colours mid-transition.
  await page.mouse.move(0, 0);
  const violations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.length})`,
    );
  expect(await violations()).toEqual([]);

  // And the 'Add Appointment' dialog, with the empty fields marked.
  await page.getByRole("button", { name: "Add Appointment" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an Appointment" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});
