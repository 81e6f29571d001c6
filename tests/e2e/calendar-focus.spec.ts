import type { Page } from "@playwright/test";
import { salonDate } from "./salon-date";
import { addClassicManicureWithMara, confirmCancel, rowActions } from "./schedule-steps";
import { expect, expectSaid, test } from "./staff-session";

// A change that takes away the element with the focus sends it somewhere predictable
// (docs/product.md#staff-screens): a cancel takes the appointment's block and row off the day, and
// the focus goes on to the next appointment where it was, else the one before it, else the
// calendar, while the status line says what was cancelled; a move to another column draws the
// block anew there, and the focus follows it. This file books its own days (43 and 44 days ahead).

/** A customer who phoned: a Classic Manicure with Mara at `time` on `date`. */
async function bookWithMara(page: Page, date: string, time: string, name: string) {
  const email = `${name.replaceAll(" ", ".").toLowerCase()}@example.com`;
  const add = await addClassicManicureWithMara(page, { date, time, name, email });
  await expect(add).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
}

/** The open details dialog of `name`'s block: 'Cancel Appointment', and the cancel confirmed. */
async function cancelFromDetails(page: Page, name: string) {
  await page
    .getByRole("dialog", { name })
    .getByRole("button", { name: "Cancel Appointment" })
    .click();
  await confirmCancel(page);
}

test("after a cancel the focus goes to the next appointment of the column or list, else the one before, else the calendar", async ({
  page,
  signInToSchedule,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const name = (first: string) => `${first} Cancelled ${stamp}`;
  const [first, second, third] = [name("Ada"), name("Bea"), name("Cy")];
  const date = salonDate(43);
  await signInToSchedule(page);
  await bookWithMara(page, date, "12:30 PM", first);
  await bookWithMara(page, date, "2:00 PM", second);
  await bookWithMara(page, date, "3:00 PM", third);
  const mara = page.getByRole("region", { name: "Mara's day" });
  const block = (name: string) => mara.getByRole("button", { name: new RegExp(`^${name} `) });
  const row = (name: string) => page.getByRole("row").filter({ hasText: name });

  // The middle one, from its block's details: the focus goes to the next block of Mara's day.
  await block(second).click();
  await cancelFromDetails(page, second);
  await expectSaid(page, `Cancelled ${second}'s 2:00 PM appointment.`);
  await expect(block(second)).toHaveCount(0);
  await expect(block(third)).toBeFocused();

  // The last one, from the list with the keyboard (its 'Actions' menu, 'Cancel' its last item): no
  // row after it, so the row before it.
  await rowActions(row(third)).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("End");
  await expect(row(third).getByRole("menuitem", { name: /^Cancel / })).toBeFocused();
  await page.keyboard.press("Enter");
  await confirmCancel(page);
  await expectSaid(page, `Cancelled ${third}'s 3:00 PM appointment.`);
  await expect(row(third)).toHaveCount(0);
  await expect(row(first).getByRole("link", { name: first })).toBeFocused();

  // The only one left, from its block: the calendar itself, which the keyboard goes on from.
  await block(first).click();
  await cancelFromDetails(page, first);
  await expectSaid(page, `Cancelled ${first}'s 12:30 PM appointment.`);
  await expect(block(first)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Calendar", exact: true })).toBeFocused();
});

test("after a move from the calendar to another technician, the focus is on the moved block", async ({
  page,
  signInToSchedule,
}) => {
  const name = `Moved Focus ${Date.now().toString(36)}`;
  await signInToSchedule(page);
  await bookWithMara(page, salonDate(44), "12:30 PM", name);
  const block = (technician: string) =>
    page
      .getByRole("region", { name: `${technician}'s day` })
      .getByRole("button", { name: new RegExp(`^${name} `) });

  await block("Mara").click();
  await page
    .getByRole("dialog", { name })
    .getByRole("button", { name: "Move", exact: true })
    .click();
  const move = page.getByRole("dialog", { name: "Move this appointment" });
  await move.getByLabel("Worker").selectOption("Lena");
  await move.getByLabel("Time").selectOption({ label: "2:00 PM" });
  await move.getByRole("button", { name: "Move Appointment" }).click();
  await expectSaid(page, `Moved ${name} to 2:00 PM with Lena.`);
  await expect(block("Mara")).toHaveCount(0);
  await expect(block("Lena")).toBeFocused();

  // Clean up: cancel it, from the block the keyboard is on.
  await page.keyboard.press("Enter");
  await cancelFromDetails(page, name);
  await expectSaid(page, `Cancelled ${name}'s 2:00 PM appointment.`);
  await expect(page.getByRole("region", { name: "Calendar", exact: true })).toBeFocused();
});
