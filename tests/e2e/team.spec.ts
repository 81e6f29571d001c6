import type { Page } from "@playwright/test";
import AxeBuilder from "./axe-builder";
import { nextSalonWeekday } from "./salon-date";
import { expect, expectSaid, expectSuccess, test } from "./staff-session";

// 'Team' end to end (docs/product.md#team): the owner adds a technician who works Tuesdays
// 12:00-18:00 with a break 14:00-14:30, and a service only she performs; a visitor is offered
// her from 12:00 PM and never across her break. Named after the run: other files run in parallel.

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

// The first test makes her and her service, the second books her from the day view: one after
// the other, in one worker.
const stamp = Date.now().toString(36);
const technician = `Nia ${stamp}`;
const category = `Team ${stamp}`;
const service = `Tuesday Gel ${stamp}`;
test.describe.configure({ mode: "serial" });

test("the owner adds a technician working Tuesdays 12:00-18:00 with a break; her service is offered from 12:00 PM and never across the break", async ({
  page,
  browser,
  signInToSchedule,
}) => {
  await signInToSchedule(page);

  // 'Team' is a page of the schedule's own, in the staff navigation.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Staff" }).getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/scheduleadmin\/team$/);
  await page.getByRole("button", { name: "Add Technician" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Technician" });
  await dialog.getByLabel("Technician name").fill(technician);
  for (const day of WEEKDAYS) {
    for (const field of ["start", "end", "break start", "break end"]) {
      await dialog.getByLabel(`${day} ${field}`, { exact: true }).fill("");
    }
  }
  await dialog.getByLabel("Tuesday start", { exact: true }).fill("12:00");
  await dialog.getByLabel("Tuesday end", { exact: true }).fill("18:00");
  await dialog.getByLabel("Tuesday break start", { exact: true }).fill("14:00");
  await dialog.getByLabel("Tuesday break end", { exact: true }).fill("14:30");
  const violations = (await new AxeBuilder({ page }).include("dialog").analyze()).violations;
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await dialog.getByRole("button", { name: "Save Technician" }).click();
  await expectSaid(page, `Added ${technician} to the team.`);
  const member = page
    .getByRole("list", { name: "Technicians" })
    .getByRole("listitem")
    .filter({ hasText: technician });
  await expect(member).toContainText("Tue 12:00-14:00, 14:30-18:00");

  // A service only she performs, every day 10:00-19:00, 45 minutes.
  await page.goto("/scheduleadmin");
  await page.getByRole("button", { name: "Create New Appointment Type" }).click();
  await page.getByLabel("Type", { exact: true }).fill(service);
  await page.getByLabel("Category").fill(category);
  await page.getByLabel("Start").fill("10:00");
  await page.getByLabel("End", { exact: true }).fill("19:00");
  await page.getByLabel("Duration").fill("45");
  await page.getByLabel("Price").fill("$60");
  await page.getByLabel("Description", { exact: true }).fill("A gel manicure for the team test.");
  for (const day of WEEKDAYS) await page.getByLabel(day, { exact: true }).check();
  await page.getByLabel(technician, { exact: true }).check();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expectSuccess(page);
  await page.goto("/scheduleadmin/team");
  await expect(member).toContainText(`Performs: ${service}`);

  // A visitor on a Tuesday.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/schedule");
  await visitor.getByLabel("Date").fill(nextSalonWeekday("Tuesday", 2));
  await visitor.getByLabel("Category").selectOption(category);
  await visitor.getByLabel("Service").selectOption({ label: service });
  await visitor.getByRole("button", { name: "Get Available Times" }).click();
  const list = visitor.getByRole("list", { name: "Available times" });
  const times = list.getByRole("button");
  const time = (label: string) => list.getByRole("button", { name: label, exact: true });
  await expect(times.first()).toHaveText("12:00 PM");
  // 45 minutes: 1:15 PM ends as her break begins; nothing from 1:30 to 2:15 PM; 2:30 PM again.
  // Retrying assertions: the list is read once it has settled, not at one instant of a render.
  // The search's address in each message: which date, service and technician the list answers.
  const search = () => `times listed for ${visitor.url()}`;
  await expect(time("1:15 PM"), search()).toHaveCount(1);
  for (const across of ["1:30 PM", "1:45 PM", "2:00 PM", "2:15 PM"]) {
    await expect(time(across), search()).toHaveCount(0);
  }
  await expect(time("2:30 PM"), search()).toHaveCount(1);
  await expect(times.last(), search()).toHaveText("5:15 PM");
  await visitorContext.close();
});

test("the front desk books her from her column on the day view; her week and the day print on one page each; the owner reads it all in the activity", async ({
  page,
  signInToSchedule,
}) => {
  await signInToSchedule(page);
  // The day view: her column, from which the front desk books a caller at 12:00 PM.
  const tuesday = nextSalonWeekday("Tuesday", 2);
  await page.goto(`/scheduleadmin?date=${tuesday}`);
  const column = page.getByRole("region", { name: `${technician}'s day` });
  await expect(column).toContainText("12:00 PM-2:00 PM, 2:30 PM-6:00 PM");
  // Her break and the times before she starts offer nothing.
  const free = column.getByRole("list", { name: `Free times with ${technician}` });
  await expect(free.getByRole("button", { name: /at 2:15 PM$/ })).toHaveCount(0);
  await expect(free.getByRole("button", { name: /at 11:45 AM$/ })).toHaveCount(0);
  await free.getByRole("button", { name: `Book with ${technician} at 12:00 PM` }).click();
  const add = page.getByRole("dialog", { name: "Add an Appointment" });
  await expect(add.getByLabel("Appointment date")).toHaveValue(tuesday);
  await add.getByLabel("Service").selectOption({ label: `${category} - ${service}` });
  await expect(add.getByLabel("Worker")).toHaveValue(technician);
  await expect(add.getByLabel("Time").locator("option:checked")).toHaveText("12:00 PM");
  await add.getByLabel("Name").fill(`Caller ${stamp}`);
  await add.getByLabel("Email").fill(`caller-${stamp}@example.com`);
  await add.getByLabel("Phone").fill("(312) 555-0188");
  await add.getByRole("button", { name: "Book Appointment" }).click();
  await expectSaid(page, `Booked Caller ${stamp} at 12:00 PM with ${technician}.`);

  const booked = column
    .getByRole("list", { name: `Appointments with ${technician}` })
    .getByRole("button", { name: new RegExp(`^Caller ${stamp} ${service}`) });
  await expect(booked).toContainText("(312) 555-0188");
  await expect(booked).toContainText("12:00 PM to 12:45 PM");
  await expect(free.getByRole("button", { name: /at 12:30 PM$/ })).toHaveCount(0);
  // Opened from the keyboard, it shows the appointment; Escape gives the focus back.
  await booked.focus();
  await page.keyboard.press("Enter");
  const details = page.getByRole("dialog", { name: `Caller ${stamp}` });
  await expect(details).toContainText(`${category} - ${service}`);
  await expect(details).toContainText("12:00 PM to 12:45 PM");
  const calendarViolations = (
    await new AxeBuilder({ page }).include(".appointments-section").include("dialog").analyze()
  ).violations;
  expect(calendarViolations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(booked).toBeFocused();

  // Her week: the booking on its Tuesday.
  await page
    .getByRole("link", { name: `${technician}'s week` })
    .first()
    .click();
  await expect(page).toHaveURL(/technician=/);
  const week = page.getByRole("region", { name: /^Tue, / });
  await expect(week.getByRole("button", { name: new RegExp(`^Caller ${stamp}`) })).toBeVisible();

  // Printed, the week and the day are one landscape page each.
  expect(await printedPages(page)).toEqual({ pages: 1, landscape: true });
  await page.goto(`/scheduleadmin?date=${tuesday}`);
  expect(await printedPages(page)).toEqual({ pages: 1, landscape: true });

  // The owner reads who did all this, in the same transactions as the changes.
  await page.goto("/accounts");
  const activity = page.getByRole("table", { name: "Staff activity, newest first" });
  await expect(activity).toContainText(`Added the technician ${technician}`);
  await expect(activity).toContainText(`Created the service ${service}`);
  await expect(activity).toContainText(`Booked Caller ${stamp} by phone for`);
});

test("a technician's day off is given and taken back on the Team page, confirmed in place", async ({
  page,
  signIn,
}) => {
  const own = Date.now().toString(36);
  const oona = `Oona ${own}`;
  const day = nextSalonWeekday("Tuesday", 2);
  await signIn(page);
  await page.goto("/scheduleadmin/team");
  await page.getByRole("button", { name: "Add Technician" }).click();
  await page.getByLabel("Technician name").fill(oona);
  await page.getByRole("button", { name: "Save Technician" }).click();
  await expectSaid(page, `Added ${oona} to the team.`);

  const daysOff = page.getByRole("region", { name: "Closed Days" });
  await daysOff.getByLabel("Closed date").fill(day);
  await daysOff.getByLabel("Closed for").selectOption(oona);
  await daysOff.getByLabel("Note (optional)").fill(`Course ${own}`);
  await daysOff.getByRole("button", { name: "Add Closed Day" }).click();
  await expectSaid(page, `Gave ${oona} the day off.`);
  const listed = daysOff.getByRole("listitem").filter({ hasText: `Course ${own}` });
  await expect(listed).toContainText(`${oona}: day off`);
  // The form is empty again, with the focus where it was.
  await expect(daysOff.getByLabel("Closed date")).toHaveValue("");
  await expect(daysOff.getByRole("button", { name: "Add Closed Day" })).toBeFocused();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The same day again is refused beside the form; nothing covers the page.
  await daysOff.getByLabel("Closed date").fill(day);
  await daysOff.getByLabel("Closed for").selectOption(oona);
  await daysOff.getByRole("button", { name: "Add Closed Day" }).click();
  await expect(daysOff.getByRole("alert").first()).toContainText("That day is already closed.");
  await expect(page.getByRole("alert").filter({ hasText: "Failure" })).toHaveCount(0);

  await listed.getByRole("button", { name: /^Remove / }).click();
  await expectSaid(page, "Day off removed.");
  await expect(listed).toHaveCount(0);

  // She leaves again, so the run adds nobody to the team for good.
  await page.getByRole("button", { name: `Deactivate ${oona}` }).click();
  await expectSaid(page, `Deactivated ${oona}.`);
});

/** The page printed to PDF as the browser's print dialog would (its CSS page size). */
async function printedPages(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString(
    "latin1",
  );
  const [, width = 0, height = 0] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf) ?? [];
  return {
    pages: Number(
      /\/Type\s*\/Pages\b[^>]*\/Count (\d+)/.exec(pdf)?.[1] ?? /\/Count (\d+)/.exec(pdf)?.[1],
    ),
    landscape: Number(width) > Number(height),
  };
}
