import { SALON_TIME_ZONE, zonedDateTime } from "../../app/domain/booking/time-zone";
import AxeBuilder from "./axe-builder";
import { salonDate } from "./salon-date";
import { addClassicManicureWithMara, cancelRow, settled } from "./schedule-steps";
import { expect, expectSaid, test } from "./staff-session";

// 'Completed' asks 'Amount charged' (the booked price prefilled) and 'Tip', and the amounts can be
// corrected later (docs/product.md#prices-and-payments). This file books its own day (34 days
// ahead) and moves the page's clock to it, so the visit marks are offered.

test("marking a visit Completed asks the amount charged (its price prefilled) and the tip, shows them, and corrects them", async ({
  page,
  signInToSchedule,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const customer = { name: `Paying Guest ${stamp}`, email: `paying.${stamp}@example.com` };
  const date = salonDate(34);
  await signInToSchedule(page);

  // A customer who phoned: a Classic Manicure ($35) with Mara at 12:30 PM.
  await addClassicManicureWithMara(page, { date, time: "12:30 PM", ...customer });
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  const row = page.getByRole("row").filter({ hasText: customer.name });
  await expect(row).toBeVisible();

  // The visit is over (the page's clock moved on to that day, 1:05 PM).
  await page.clock.setSystemTime(zonedDateTime(date, "13:05", SALON_TIME_ZONE));
  await page.clock.runFor(15_000);
  await settled(page);

  // With the keyboard: 'Completed' opens the dialog with the amount ready to type.
  await row.getByRole("button", { name: /^Completed / }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Complete visit" });
  await expect(dialog).toBeVisible();
  const charged = dialog.getByLabel("Amount charged");
  await expect(charged).toHaveValue("35");
  await expect(charged).toBeFocused();
  await expect(dialog.getByLabel("Tip")).toHaveValue("");
  await expect(dialog).toContainText("Booked at $35.");
  const violations = (await new AxeBuilder({ page }).include(".modal").analyze()).violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.length})`,
  );
  expect(violations).toEqual([]);

  // A negative amount is refused beside its field, and nothing is saved.
  await page.keyboard.type("-40");
  await page.keyboard.press("Tab");
  await page.keyboard.type("8");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Cannot be negative")).toBeVisible();
  await expect(charged).toHaveAttribute("aria-invalid", "true");
  await expect(row.getByRole("button", { name: /^Completed / })).toHaveAttribute(
    "aria-pressed",
    "false",
  );

  await charged.fill("40");
  await charged.press("Enter");
  await expectSaid(page, `Marked ${customer.name} Completed`);
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("button", { name: /^Completed / })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(row.getByRole("definition")).toHaveText(["$40.00", "$8.00"]);
  await expect(row.getByRole("term")).toHaveText(["Amount charged", "Tip"]);

  // Corrected later from the row: the same fields, with what was saved.
  await row.getByRole("button", { name: /^Edit Amounts / }).click();
  const correct = page.getByRole("dialog", { name: "Correct amounts" });
  await expect(correct.getByLabel("Amount charged")).toHaveValue("40");
  await expect(correct.getByLabel("Tip")).toHaveValue("8");
  await correct.getByLabel("Amount charged").fill("42.50");
  await correct.getByLabel("Tip").fill("10");
  await correct.getByRole("button", { name: "Save" }).click();
  await expectSaid(page, `Saved ${customer.name}'s amounts.`);
  await expect(row.getByRole("definition")).toHaveText(["$42.50", "$10.00"]);

  // The appointment opened from the calendar shows them too, and corrects them there.
  await settled(page);
  await page
    .getByRole("region", { name: "Mara's day" })
    .getByRole("button", { name: new RegExp(`^${customer.name} `) })
    .click();
  const details = page.getByRole("dialog", { name: customer.name });
  await expect(details.getByRole("definition").filter({ hasText: "$42.50" })).toBeVisible();
  const editAmounts = details.getByRole("button", { name: /^Edit Amounts / });
  await editAmounts.click();
  const again = page.getByRole("dialog", { name: "Correct amounts" });
  await again.getByLabel("Tip").fill("11");
  await again.getByRole("button", { name: "Save" }).click();
  await expectSaid(page, `Saved ${customer.name}'s amounts.`);
  await expect(again).toBeHidden();
  // Back in the details it opened from, as nested dialogs do, which show the change; the focus is
  // where it was.
  await expect(details).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: "$11.00" })).toBeVisible();
  await expect(editAmounts).toBeFocused();
  await expect(row.getByRole("definition")).toHaveText(["$42.50", "$11.00"]);
  // Closed unsaved, it goes back to the details too; Escape then closes the details.
  await editAmounts.click();
  await expect(again).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(again).toBeHidden();
  await expect(details).toBeVisible();
  await expect(editAmounts).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await settled(page);
  const pageViolations = (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.length})`,
  );
  expect(pageViolations).toEqual([]);

  // Clean up: back to the real time, and cancel it.
  await page.clock.setSystemTime(new Date());
  await page.clock.runFor(15_000);
  await settled(page);
  await cancelRow(page, row);
  await expect(row).toHaveCount(0);
});

test("a visit of two services is completed in one 'Complete Visit' dialog: an amount each, one tip", async ({
  page,
  signInToSchedule,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const name = `Visit Payer ${stamp}`;
  const date = salonDate(35);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInToSchedule(page);

  // A caller's visit: a Gel Manicure ($50) and a Classic Pedicure ($45).
  const add = page.getByRole("dialog", { name: "Add an Appointment" });
  await page.getByRole("button", { name: "Add Appointment" }).click();
  await add.getByLabel("Appointment date").fill(date);
  await add.getByLabel("Service", { exact: true }).selectOption({
    label: "Gel Polish - Gel Manicure",
  });
  await add.getByRole("button", { name: "Add Another Service" }).click();
  await add.getByLabel("Second service", { exact: true }).selectOption({
    label: "Classic Pedicure (40 min, $45)",
  });
  await expect(add.getByLabel("Time").locator("option").nth(1)).toBeAttached();
  await add.getByLabel("Time").selectOption({ index: 1 });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Email").fill(`visit.payer.${stamp}@example.com`);
  await add.getByRole("button", { name: "Book Appointment" }).click();
  await expect(add).toBeHidden();
  const rows = page.getByRole("row").filter({ hasText: name });
  await expect(rows).toHaveCount(2);

  // The visit is over (the page's clock moved on to that evening).
  await page.clock.setSystemTime(zonedDateTime(date, "19:30", SALON_TIME_ZONE));
  await page.clock.runFor(15_000);
  await settled(page);

  const manicure = rows.filter({ hasText: "Gel Manicure" });
  const pedicure = rows.filter({ hasText: "Classic Pedicure" });
  await manicure.getByRole("button", { name: /^Completed / }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Visit" });
  await expect(dialog).toContainText("2 services");
  const manicureAmount = dialog.getByLabel(/^Gel Manicure with /);
  await expect(manicureAmount).toHaveValue("50");
  await expect(manicureAmount).toBeFocused();
  await expect(dialog.getByLabel(/^Classic Pedicure with /)).toHaveValue("45");
  // Or one total, its booked prices added up.
  await dialog.getByRole("radio", { name: "One total, split by price" }).check();
  await expect(dialog.getByLabel("Total charged")).toHaveValue("95");
  await dialog.getByRole("radio", { name: "Per service" }).check();
  const violations = (await new AxeBuilder({ page }).include(".modal").analyze()).violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.length})`,
  );
  expect(violations).toEqual([]);

  await dialog.getByLabel(/^Gel Manicure with /).fill("55");
  await dialog.getByLabel("Tip").fill("10");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectSaid(page, `Marked ${name} Completed`);
  await expect(dialog).toBeHidden();
  // Both marked; the tip split by what each was charged ($55 and $45: $5.50 and $4.50).
  for (const row of [manicure, pedicure]) {
    await expect(row.getByRole("button", { name: /^Completed / })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  }
  await expect(manicure.getByRole("definition")).toHaveText(["$55.00", "$5.50"]);
  await expect(pedicure.getByRole("definition")).toHaveText(["$45.00", "$4.50"]);

  // Clean up: back to the real time, and cancel both.
  await page.clock.setSystemTime(new Date());
  await page.clock.runFor(15_000);
  await settled(page);
  await cancelRow(page, manicure);
  await expect(manicure).toHaveCount(0);
  await cancelRow(page, pedicure);
  await expect(rows).toHaveCount(0);
});
