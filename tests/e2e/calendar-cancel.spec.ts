import type { Page } from "@playwright/test";
import { SALON_TIME_ZONE } from "../../app/domain/booking/time-zone";
import { expect, expectSaid, test } from "./staff-session";

// A cancel takes the appointment's block and row off the day; the focus goes on to the next
// appointment where it was, else the one before it, else the calendar, and the status line says
// what was cancelled (docs/product.md#staff-screens). This file books its own day (43 days ahead).

/** The salon's calendar date `days` from now. */
function salonDate(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: SALON_TIME_ZONE }).format(date);
}

/** A customer who phoned: a Classic Manicure with Mara at `time` on `date`. */
async function bookWithMara(page: Page, date: string, time: string, name: string) {
  await page.getByRole("button", { name: "Add Appointment" }).click();
  const add = page.getByRole("dialog", { name: "Add an Appointment" });
  await add.getByLabel("Appointment date").fill(date);
  await add.getByLabel("Service").selectOption({ label: "Manicure - Classic Manicure" });
  await add.getByLabel("Worker").selectOption("Mara");
  await add.getByLabel("Time").selectOption({ label: time });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Email").fill(`${name.replaceAll(" ", ".").toLowerCase()}@example.com`);
  await add.getByRole("button", { name: "Book Appointment" }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
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
  await page
    .getByRole("dialog", { name: second })
    .getByRole("button", { name: "Cancel Appointment" })
    .click();
  await page
    .getByRole("dialog", { name: "Cancel this appointment?" })
    .getByRole("button", { name: "Cancel appointment" })
    .click();
  await expectSaid(page, `Cancelled ${second}'s 2:00 PM appointment.`);
  await expect(block(second)).toHaveCount(0);
  await expect(block(third)).toBeFocused();

  // The last one, from the list with the keyboard: no row after it, so the row before it.
  await row(third)
    .getByRole("button", { name: /^Cancel / })
    .focus();
  await page.keyboard.press("Enter");
  await page
    .getByRole("dialog", { name: "Cancel this appointment?" })
    .getByRole("button", { name: "Cancel appointment" })
    .click();
  await expectSaid(page, `Cancelled ${third}'s 3:00 PM appointment.`);
  await expect(row(third)).toHaveCount(0);
  await expect(row(first).getByRole("link", { name: first })).toBeFocused();

  // The only one left, from its block: the calendar itself, which the keyboard goes on from.
  await block(first).click();
  await page
    .getByRole("dialog", { name: first })
    .getByRole("button", { name: "Cancel Appointment" })
    .click();
  await page
    .getByRole("dialog", { name: "Cancel this appointment?" })
    .getByRole("button", { name: "Cancel appointment" })
    .click();
  await expectSaid(page, `Cancelled ${first}'s 12:30 PM appointment.`);
  await expect(block(first)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Calendar", exact: true })).toBeFocused();
});
