import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

// Steps the schedule admin's specs share: a phoned-in booking through 'Add Appointment', and a
// cancel confirmed. Each spec checks what follows them itself.

interface PhonedBooking {
  date: string;
  /** The time's label, e.g. "12:30 PM"; without it, the first free time of the day. */
  time?: string;
  name: string;
  email: string;
}

/**
 * A customer who phoned, booked from the open schedule admin's 'Add Appointment': a Classic
 * Manicure ($35, 30 minutes) with Mara. Returns the dialog (it closes once booked).
 */
export async function addClassicManicureWithMara(page: Page, booking: PhonedBooking) {
  await page.getByRole("button", { name: "Add Appointment" }).click();
  const add = page.getByRole("dialog", { name: "Add an Appointment" });
  await add.getByLabel("Appointment date").fill(booking.date);
  await add.getByLabel("Service").selectOption({ label: "Manicure - Classic Manicure" });
  await add.getByLabel("Worker").selectOption("Mara");
  const time = add.getByLabel("Time");
  if (booking.time) {
    await time.selectOption({ label: booking.time });
  } else {
    await expect(time.locator("option").nth(1)).toBeAttached();
    await time.selectOption({ index: 1 });
  }
  await add.getByLabel("Name").fill(booking.name);
  await add.getByLabel("Email").fill(booking.email);
  await add.getByRole("button", { name: "Book Appointment" }).click();
  return add;
}

/** 'Cancel appointment' in the open 'Cancel this appointment?' dialog. */
export async function confirmCancel(page: Page) {
  await page
    .getByRole("dialog", { name: "Cancel this appointment?" })
    .getByRole("button", { name: "Cancel appointment" })
    .click();
}

/** The 'Actions' menu button of the day list's `row` (docs/product.md#front-desk). */
export const rowActions = (row: Locator) => row.getByRole("button", { name: /^Actions for / });

/**
 * One of the day list's `row`'s actions, chosen from its 'Actions' menu: `item` is the item's
 * name ("Cancel Ana's 10:00 AM appointment"), or its first word ("Cancel").
 */
export async function chooseRowAction(row: Locator, item: string) {
  await rowActions(row).click();
  const name = item.includes(" appointment") ? item : new RegExp(`^${item} `);
  await row.getByRole("menuitem", { name }).click();
}

/** The day list's `row` cancelled from its 'Actions' menu, and the cancel confirmed. */
export async function cancelRow(page: Page, row: Locator) {
  await chooseRowAction(row, "Cancel");
  await confirmCancel(page);
}

/** The global overlays are gone (nothing covers the page for the raw mouse or the next click). */
export async function settled(page: Page) {
  await expect(page.locator(".global-overlay")).toBeHidden();
}
