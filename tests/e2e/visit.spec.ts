import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { mailTo } from "./mailbox";
import { salonDateNotSunday } from "./salon-date";
import { expect, test } from "./staff-session";

// A visit of several services end to end (docs/product.md#visits): production build, seeded
// catalogue, real SMTP server. Its own date, far from the other files' bookings.

async function findWax(page: Page, date: string) {
  await page.goto("/schedule");
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Category").selectOption("Waxing");
  await page.getByLabel("Service").selectOption({ label: "Eyebrow Wax" });
  await page.getByRole("button", { name: "Get Available Times" }).click();
  await expect(page.getByRole("list", { name: "Available times" })).toBeVisible();
}

/** The email's text, quoted-printable undone. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=");

test("a manicure with an add-on and a pedicure with another technician: one visit, one email, both blocks for staff, moved as a whole", async ({
  page,
  signIn,
}) => {
  const date = salonDateNotSunday(26);
  const email = `visit.${Date.now().toString(36)}@example.com`;

  await page.goto("/schedule");
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Category").selectOption("Gel Polish");
  await page.getByLabel("Service").selectOption({ label: "Gel Manicure" });
  await page.getByLabel(/Nail Art \(per nail\)/).check();
  await page.getByRole("button", { name: "Add Another Service" }).click();
  await page
    .getByLabel("Second service", { exact: true })
    .selectOption({ label: "Classic Pedicure" });
  await page.getByLabel("Second service technician").selectOption("Nina");
  await page.getByRole("button", { name: "Get Available Times" }).click();

  // The search is in the address, so a reload keeps it.
  await expect(page).toHaveURL(/service2=.*worker2=Nina/);
  await expect(page.getByLabel("Second service", { exact: true })).toHaveValue(/.+/);
  const first = page.getByRole("list", { name: "Available times" }).getByRole("button").first();
  const time = (await first.textContent())?.trim() ?? "";
  await first.click();

  const dialog = page.getByRole("dialog", { name: "Before you confirm..." });
  const visit = dialog.getByRole("list", { name: "Your visit" });
  await expect(visit.getByRole("listitem")).toHaveCount(2);
  await expect(visit).toContainText("Gel Manicure + Nail Art (per nail)");
  await expect(visit).toContainText(`${time} to`);
  await expect(visit).toContainText("Classic Pedicure");
  await expect(visit).toContainText("with Nina");
  await expect(dialog).toContainText("Total: $100+");
  const axe = await new AxeBuilder({ page }).include(".modal").analyze();
  expect(axe.violations).toEqual([]);
  await dialog.getByLabel("Name").fill("Visit Guest");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Confirm Date/Time" }).click();
  await expect(page.getByRole("dialog", { name: "Appointment Confirmed" })).toBeVisible({
    timeout: 6000,
  });

  // One confirmation listing both services with one total, and one calendar event.
  await expect.poll(() => mailTo(email).length, { timeout: 15_000 }).toBe(1);
  const mail = mailTo(email)[0];
  expect(mail?.subject).toMatch(new RegExp(`@ ${time} with \\w+ and Nina$`));
  const text = plain(mail?.raw ?? "");
  expect(text).toContain("Gel Manicure + Nail Art (per nail)");
  expect(text).toContain("Classic Pedicure");
  expect(text).toContain("Total: $100+");
  // One calendar file (base64 in the message): one event for the visit.
  expect(text.match(/Content-Type: text\/calendar/gi)).toHaveLength(1);
  const link = text.match(/https?:\/\/[^\s"<>]+\/manage\?token=[A-Za-z0-9_-]{43}/)?.[0] ?? "";
  expect(link).not.toBe("");

  // The staff's day: both blocks, each in its technician's column.
  await signIn(page);
  await page.goto(`/scheduleadmin?date=${date}`);
  const nina = page.getByRole("list", { name: "Appointments with Nina" });
  await expect(nina).toContainText("Classic Pedicure");
  await expect(
    page.getByRole("listitem").filter({ hasText: "Gel Manicure + Nail Art (per nail)" }),
  ).toHaveCount(1);

  // Moved from the link: both services go to the new time.
  await page.goto(link);
  await expect(
    page.getByText("Gel Manicure + Nail Art (per nail) and Classic Pedicure"),
  ).toBeVisible();
  await expect(page.getByLabel("New date")).toHaveValue(date);
  const later = page.getByRole("radio").nth(4);
  const laterTime = (
    await later.evaluate((input: HTMLInputElement) => input.labels?.[0]?.textContent ?? "")
  ).trim();
  await later.check();
  await page.getByRole("button", { name: "Move Appointment" }).click();
  const moved = () => mailTo(email).filter((m) => m.subject.startsWith("Moved:"));
  await expect.poll(() => moved().length, { timeout: 15_000 }).toBe(1);
  expect(moved()[0]?.subject).toContain(`@ ${laterTime} with`);

  await page.goto(`/scheduleadmin?date=${date}`);
  const blocks = page.getByRole("listitem").filter({ hasText: "Visit Guest" });
  await expect(blocks).toHaveCount(2);
  await expect(blocks.filter({ hasText: "Gel Manicure + Nail Art (per nail)" })).toContainText(
    `${laterTime} to`,
  );
  await expect(blocks.filter({ hasText: "Classic Pedicure" })).not.toContainText(`${time} to`);
});

test("while one visitor holds 11:00 AM the other is not offered it; once the hold lapses it is offered again", async ({
  browser,
}) => {
  const date = salonDateNotSunday(27);
  const [first, second] = await Promise.all([browser.newPage(), browser.newPage()]);
  if (!first || !second) throw new Error("no page");
  await findWax(first, date);
  await first.getByRole("button", { name: "11:00 AM", exact: true }).click();
  const dialog = first.getByRole("dialog", { name: "Before you confirm..." });
  // The e2e server holds for 8 seconds (playwright.config.ts); 5 minutes in use.
  await expect(dialog).toContainText("We are holding this time for you for 8 seconds.");

  await findWax(second, date);
  await expect(second.getByRole("button", { name: "11:00 AM", exact: true })).toHaveCount(0);
  await expect(second.getByRole("button", { name: "11:15 AM", exact: true })).toBeVisible();

  // The first visitor lets the time lapse: searched again, it is offered.
  await expect
    .poll(
      async () => {
        await second.reload();
        return second.getByRole("button", { name: "11:00 AM", exact: true }).count();
      },
      { timeout: 20_000, intervals: [2000] },
    )
    .toBe(1);
  // Closing the dialog lets a hold go at once: the second visitor holds 11:15 AM, closes it,
  // and the first sees it at their next search.
  await second.getByRole("button", { name: "11:15 AM", exact: true }).click();
  const secondDialog = second.getByRole("dialog", { name: "Before you confirm..." });
  await expect(secondDialog).toContainText("We are holding this time for you");
  await findWax(first, date);
  await expect(first.getByRole("button", { name: "11:15 AM", exact: true })).toHaveCount(0);
  await secondDialog.getByRole("button", { name: "Close" }).click();
  await expect(secondDialog).toBeHidden();
  await expect
    .poll(
      async () => {
        await first.reload();
        return first.getByRole("button", { name: "11:15 AM", exact: true }).count();
      },
      { timeout: 5_000, intervals: [500] },
    )
    .toBe(1);
});
