import type { Page } from "@playwright/test";
import { readMimeMessage } from "../support/mime-message";
import AxeBuilder from "./axe-builder";
import { fictionLine } from "./fiction-phones";
import { mailTo } from "./mailbox";
import { salonDateNotSunday } from "./salon-date";
import { expect, expectSaid, expectSuccess, test } from "./staff-session";

// The staff side of English and Spanish (issue 39, docs/product.md#languages). The owner writes a
// service's Spanish name: the Site page's 'Missing in Spanish' lists a service without one and
// links to its form, where 'Type (Spanish)' is written and saved; the list then has it no more,
// and its English name stays as it was; /es/services names the service so, and a visit booked
// from its 'Reservar' gets the Spanish confirmation email and .ics with that name. A caller booked in Español at the front desk is shown as
// a Spanish speaker on the calendar, in the appointment's details and on her customer page.
// STAFF_SCREENSHOTS=<folder> saves those pages at 1366 x 768 and 390 x 844, to look at.

const SERVICE = "Waxing - Lip Wax";
const SPANISH_NAME = "Depilación de labio superior";

/** 'Update' on the open type form, once the server has saved it (the spec's 'Success' overlay). */
async function update(page: Page) {
  await page.getByRole("button", { name: "Update" }).click();
  await expectSuccess(page);
}

test("the owner writes a service's Spanish name from 'Missing in Spanish', and /es/services and the Spanish email show it", async ({
  page,
  signInToSchedule,
}) => {
  // The owner's edit, then a visitor's booking and its email: longer than one page's 30 s.
  test.slow();
  await signInToSchedule(page);
  // Hydrated first: an 'Update' before it posts the plain form, whose answer is a new page.
  await page.waitForLoadState("networkidle");
  // The first start gave it a Spanish name: take it away, so it is missing.
  await page.getByRole("button", { name: "View Appointment Types" }).click();
  await page.getByRole("button", { name: SERVICE, exact: true }).click();
  await expect(page.getByLabel("Type (Spanish)")).toHaveValue("Cera de labio superior");
  await page.getByLabel("Type (Spanish)").fill("");
  await update(page);

  await page.goto("/site");
  const missing = page.getByRole("region", { name: "Missing in Spanish" });
  const item = missing.getByRole("listitem").filter({ hasText: SERVICE });
  await expect(item).toContainText("Type (Spanish)");
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Its link opens the service's own form.
  await item.getByRole("link", { name: SERVICE }).click();
  await expect(page).toHaveURL(/\/scheduleadmin\?type=[0-9a-f-]{36}#appointment-types$/);
  const formAddress = page.url();
  // Hydrated first: an 'Update' before it posts the plain form, whose answer is a new page.
  await page.waitForLoadState("networkidle");
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("Lip Wax");
  await page.getByLabel("Type (Spanish)").fill(SPANISH_NAME);
  await update(page);

  // Saved: the form, opened again from its link, shows it; the English is unchanged, and it is
  // missing no more.
  await page.goto(formAddress);
  await expect(page.getByLabel("Type (Spanish)")).toHaveValue(SPANISH_NAME);
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("Lip Wax");
  await page.goto("/site");
  await expect(page.getByRole("heading", { level: 2, name: "Missing in Spanish" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Missing in Spanish" }).getByText(SERVICE, { exact: true }),
  ).toHaveCount(0);

  // A visitor reads it on /es/services and books it from its 'Reservar'.
  await page.goto("/es/services");
  const row = page.locator("li.service li").filter({ hasText: SPANISH_NAME });
  await expect(row).toHaveCount(1);
  await expect(page.getByText("Cera de labio superior")).toHaveCount(0);
  await row.getByRole("link", { name: `Reservar ${SPANISH_NAME}`, exact: true }).click();
  await expect(page).toHaveURL(/\/es\/schedule\?category=Waxing&service=/);
  await expect(page.getByRole("grid")).toBeVisible();
  // Lip Wax is booked Monday to Saturday; this day is the only one of the specs' near it.
  await page.getByLabel("Fecha").fill(salonDateNotSunday(40));
  await page.getByRole("button", { name: "Ver horarios disponibles" }).click();
  const times = page.getByRole("list", { name: "Horarios disponibles" });
  await expect(times).toBeVisible();
  // The search loaded a new page: its script first, so the time opens the island's dialog.
  await expect(page.getByRole("grid")).toBeVisible();
  await times.getByRole("button").first().click();
  const dialog = page.getByRole("dialog", { name: "Antes de confirmar..." });
  await dialog.getByLabel("Nombre").fill("Marisol Cera");
  const email = `marisol.${Date.now().toString(36)}@example.com`;
  await dialog.getByLabel("Correo electrónico").fill(email);
  await dialog.getByRole("button", { name: "Confirmar fecha y hora" }).click();
  await expect(page.getByRole("dialog", { name: "Cita confirmada" })).toBeVisible({
    timeout: 15_000,
  });

  // Her confirmation is Spanish and names the service as the owner wrote it, the .ics too.
  const confirmed = () =>
    mailTo(email).filter((mail) => mail.subject.startsWith("Cita confirmada"));
  await expect.poll(() => confirmed().length, { timeout: 15_000 }).toBe(1);
  const mail = readMimeMessage(confirmed()[0]?.raw ?? "");
  expect(mail.text).toContain(SPANISH_NAME);
  expect(mail.text).not.toContain("Lip Wax");
  const ics = mail.attachments.find((part) => part.contentType === "text/calendar");
  expect(ics?.body).toContain(SPANISH_NAME);
});

const shots = process.env.STAFF_SCREENSHOTS;

test("a caller booked in Español is shown as a Spanish speaker", async ({
  page,
  signInToSchedule,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Lucía Caller ${stamp}`;
  // Eyebrow Wax is booked Monday to Saturday.
  const date = salonDateNotSunday(6);
  await signInToSchedule(page);
  await page.getByRole("button", { name: "Add Appointment" }).click();
  const add = page.getByRole("dialog", { name: "Add an Appointment" });
  await add.getByLabel("Appointment date").fill(date);
  await add.getByLabel("Service").selectOption({ label: "Waxing - Eyebrow Wax" });
  const time = add.getByLabel("Time");
  await expect(time.locator("option").nth(1)).toBeAttached();
  await time.selectOption({ index: 1 });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Phone").fill(`312-555-${fictionLine("languages")}`);
  await expect(add.getByLabel("Language")).toHaveValue("en");
  await add.getByLabel("Language").selectOption({ label: "Español" });
  if (shots) await page.screenshot({ path: `${shots}/add-appointment-language-1366.png` });
  await add.getByRole("button", { name: "Book Appointment" }).click();
  await expectSaid(page, new RegExp(`^Booked ${name} at `));

  await page.goto(`/scheduleadmin?date=${date}`);
  const block = page.locator("button[data-appointment]").filter({ hasText: name });
  await expect(block).toContainText("Español");
  await block.click();
  const details = page.getByRole("dialog", { name });
  await expect(details.getByText("Español")).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/calendar-language-1366.png` });
  await details.getByRole("link", { name: "Customer History" }).click();
  // The customer's page, once its data has come (a client-side navigation: on a loaded machine
  // it took over 5 s once, 2026-12-02).
  await page.waitForURL(/\/customers\?phone=/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator(".page-header .language-tag")).toHaveText("Español");
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  if (shots) {
    await page.screenshot({ path: `${shots}/customer-language-1366.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/customer-language-390.png` });
  }
});
