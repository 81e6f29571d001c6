import AxeBuilder from "@axe-core/playwright";
import { SALON_TIME_ZONE, zonedDateTime } from "../../app/domain/booking/time-zone";
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
