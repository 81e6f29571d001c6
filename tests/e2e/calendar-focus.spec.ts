import type { Page } from "@playwright/test";
import { SALON_TIME_ZONE } from "../../app/domain/booking/time-zone";
import { expect, expectSaid, test } from "./staff-session";

// A change that takes away the element with the focus sends it somewhere predictable
// (docs/product.md#staff-screens): a cancel takes the appointment's block and row off the day, and
// the focus goes on to the next appointment where it was, else the one before it, else the
// calendar, while the status line says what was cancelled; a move to another column draws the
// block anew there, and the focus follows it. This file books its own days (43 and 44 days ahead).

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

test("after a move from the calendar to another technician, the focus is on the moved block", async ({
  page,
  signInToSchedule,
}) => {
  const name = `Moved Focus ${Date.now().toString(36)}`;
  await signInToSchedule(page);
  await bookWithMara(page, salonDate(44), "12:30 PM", name);
  const block = (worker: string) =>
    page
      .getByRole("region", { name: `${worker}'s day` })
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
  await expectSaid(page, "Moved to 2:00 PM with Lena.");
  await expect(block("Mara")).toHaveCount(0);
  await expect(block("Lena")).toBeFocused();

  // Clean up: cancel it, from the block the keyboard is on.
  await page.keyboard.press("Enter");
  await page
    .getByRole("dialog", { name })
    .getByRole("button", { name: "Cancel Appointment" })
    .click();
  await page
    .getByRole("dialog", { name: "Cancel this appointment?" })
    .getByRole("button", { name: "Cancel appointment" })
    .click();
  await expectSaid(page, `Cancelled ${name}'s 2:00 PM appointment.`);
  await expect(page.getByRole("region", { name: "Calendar", exact: true })).toBeFocused();
});
