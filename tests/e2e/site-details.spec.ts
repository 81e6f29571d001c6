import type { Page } from "@playwright/test";
import AxeBuilder from "./axe-builder";
import { findTimes } from "./booking-steps";
import { mailTo } from "./mailbox";
import { salonDateNotSunday } from "./salon-date";
import { expect, expectSaid, expectSuccess, test } from "./staff-session";

// The owner's Business Details, Opening Hours and Special Hours (docs/product.md#the-site), end to
// end. These change what every page says, so they run after the other specs (playwright.config.ts:
// the "site" project) and put back what they changed.

async function axe(page: Page) {
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? "{}") as Record<string, unknown>;
}

async function savePhone(page: Page, phone: string) {
  await page.goto("/site/details");
  await page.getByLabel("Phone").fill(phone);
  await page.getByRole("button", { name: "Save Details" }).click();
  await expectSaid(page, /^Saved: every page/);
}

test("the owner's new phone shows in the footer, /contact, /locations, the JSON-LD and the next booking's email; a wrong one changes nothing", async ({
  page,
  browser,
  signIn,
}) => {
  await signIn(page);
  await page.goto("/site");
  await expect(page.getByRole("heading", { level: 1, name: "Site" })).toBeVisible();
  await axe(page);
  await page.getByRole("link", { name: "Business Details" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Business Details" })).toBeVisible();
  await axe(page);

  // Not a US number: said beside the field, nothing saved.
  await page.getByLabel("Phone").fill("12345");
  await page.getByRole("button", { name: "Save Details" }).click();
  await expect(page.locator("#site-phone-error")).toHaveText(
    "Enter a US phone number, like (312) 555-0142",
  );
  await expect(page.getByLabel("Phone")).toBeFocused();
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await page.goto("/site/details");
  await expect(page.getByLabel("Phone")).toHaveValue("(312) 555-0142");

  await savePhone(page, "312-555-0199");
  try {
    const visitor = await browser.newPage();
    await visitor.goto("/contact");
    await expect(visitor.locator("footer")).toContainText("(312) 555-0199");
    await expect(
      visitor.getByRole("complementary", { name: "Salon contact details" }).getByRole("link", {
        name: "(312) 555-0199",
      }),
    ).toHaveAttribute("href", "tel:+13125550199");
    await visitor.goto("/locations");
    await expect(visitor.locator(".location")).toContainText("(312) 555-0199");
    expect((await jsonLd(visitor)).telephone).toBe("+13125550199");
    await visitor.goto("/");
    expect((await jsonLd(visitor)).telephone).toBe("+13125550199");

    // A booking made afterwards: its email gives the new number.
    const stamp = Date.now().toString(36);
    const email = `phone.${stamp}@example.com`;
    await findTimes(visitor, {
      date: salonDateNotSunday(25),
      category: "Waxing",
      service: "Eyebrow Wax",
    });
    await visitor.getByRole("button", { name: "11:00 AM", exact: true }).click();
    const dialog = visitor.getByRole("dialog", { name: "Before you confirm..." });
    await dialog.getByLabel("Name").fill(`Phone ${stamp}`);
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Confirm Date/Time" }).click();
    await expect(visitor.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
    await expect.poll(() => mailTo(email).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const raw = (mailTo(email)[0]?.raw ?? "").replace(/=\r?\n/g, "");
    expect(raw).toContain("(312) 555-0199");
    expect(raw).not.toContain("(312) 555-0142");
  } finally {
    await savePhone(page, "(312) 555-0142");
  }
});

test("special hours for Christmas Eve: /locations lists them, /schedule offers nothing ending after 3:00 PM, the JSON-LD carries them", async ({
  page,
  browser,
  signIn,
}) => {
  // 48 or 49 days on: no other spec's day. Day 40 became day 41 whenever it fell on a Sunday (a
  // salon Tuesday), the day tests/e2e/seed-history.ts keeps Nina booked from opening to closing,
  // so /schedule offered no waxing at all.
  const date = salonDateNotSunday(48);
  await signIn(page);
  await page.goto("/site/special-hours");
  await axe(page);
  await page.getByRole("button", { name: "Add Special Hours" }).click();
  await page.getByLabel("From").fill(date);
  await page.getByLabel("Opens").fill("10:00");
  await page.getByLabel("Closes").fill("15:00");
  await page.getByLabel("Note", { exact: true }).fill("Christmas Eve");
  await axe(page);
  await page.getByRole("button", { name: "Save Special Hours" }).click();
  await expectSaid(page, "Saved the special hours.");
  const row = page.getByRole("row").filter({ hasText: "Christmas Eve" });
  await expect(row).toContainText("10:00 AM to 3:00 PM");
  try {
    const visitor = await browser.newPage();
    await visitor.goto("/locations");
    const special = visitor.getByRole("region", { name: "Special hours" });
    await expect(special).toContainText("Christmas Eve");
    await expect(special).toContainText("10:00 AM to 3:00 PM");
    const ld = await jsonLd(visitor);
    expect(ld.specialOpeningHoursSpecification).toContainEqual(
      expect.objectContaining({
        validFrom: date,
        validThrough: date,
        opens: "10:00",
        closes: "15:00",
      }),
    );

    await visitor.goto("/schedule");
    await visitor.getByLabel("Date").fill(date);
    await visitor.getByLabel("Category").selectOption("Waxing");
    await visitor.getByLabel("Service").selectOption({ label: "Eyebrow Wax" });
    await visitor.getByRole("button", { name: "Get Available Times" }).click();
    const times = visitor.getByRole("list", { name: "Available times" });
    await expect(times.getByRole("button", { name: "10:00 AM", exact: true })).toBeVisible();
    const labels = await times.getByRole("button").allTextContents();
    const minutes = labels.map((label) => {
      const [, h = "0", m = "0", half] = /(\d+):(\d+) (AM|PM)/.exec(label) ?? [];
      return ((Number(h) % 12) + (half === "PM" ? 12 : 0)) * 60 + Number(m);
    });
    expect(minutes.length).toBeGreaterThan(0);
    expect(Math.max(...minutes)).toBeLessThan(15 * 60);
    expect(labels).not.toContain("3:00 PM");
  } finally {
    await page.goto("/site/special-hours");
    await page
      .getByRole("row")
      .filter({ hasText: "Christmas Eve" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("row").filter({ hasText: "Christmas Eve" })).toHaveCount(0);
  }
});

test("Opening Hours: a midday break is saved and shown; a Staff account gets 403 on the owner's pages", async ({
  page,
  browser,
  signIn,
}) => {
  await signIn(page);
  await page.goto("/site/hours");
  await axe(page);
  await expect(page.getByLabel("Monday opens", { exact: true })).toHaveValue("10:00");
  // Closing before it opens is refused beside the field.
  await page.getByLabel("Monday closes", { exact: true }).fill("09:00");
  await page.getByRole("button", { name: "Save Hours" }).click();
  await expect(page.locator("#site-monday-closes-error")).toHaveText("Closes after it opens");
  await expect(
    page.getByRole("link", { name: "Monday closes: Closes after it opens" }),
  ).toBeVisible();
  await expect(page.getByLabel("Monday closes", { exact: true })).toBeFocused();
  await page.goto("/site/hours");
  await expect(page.getByLabel("Monday closes", { exact: true })).toHaveValue("20:00");

  // Tuesday with a midday break: the week as /locations writes it.
  const tuesday = (field: string) => page.getByLabel(`Tuesday ${field}`, { exact: true });
  await tuesday("closes").fill("13:00");
  await tuesday("opens again").fill("14:00");
  await tuesday("closes again").fill("20:00");
  await page.getByRole("button", { name: "Save Hours" }).click();
  await expectSaid(page, /^Saved: the site and online booking/);
  try {
    const visitor = await browser.newPage();
    await visitor.goto("/locations");
    await expect(visitor.locator(".location .hours").first()).toContainText(
      "Tuesday10:00 AM to 1:00 PM, 2:00 PM to 8:00 PM",
    );
    await visitor.close();
  } finally {
    await page.goto("/site/hours");
    await tuesday("closes").fill("20:00");
    await tuesday("opens again").fill("");
    await tuesday("closes again").fill("");
    await page.getByRole("button", { name: "Save Hours" }).click();
    await expectSaid(page, /^Saved: the site and online booking/);
  }

  // A Staff account: no owner pages in its Site navigation, and 403 from the server.
  const stamp = Date.now().toString(36);
  const staff = `site-staff-${stamp}@example.com`;
  const password = `site staff password ${stamp}`;
  await page.goto("/accounts");
  await page.getByRole("button", { name: "Add Account" }).click();
  const add = page.getByRole("dialog", { name: "Add Account" });
  await add.getByLabel("Email").fill(staff);
  await add.getByLabel("Password").fill(password);
  await add.getByRole("button", { name: "Save Account" }).click();
  await expectSuccess(page);

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await staffPage.goto("/login");
  await staffPage.getByLabel("Email").fill(staff);
  await staffPage.getByLabel("Password").fill(password);
  await staffPage.getByRole("button", { name: "Let's Go" }).click();
  await expect(staffPage).toHaveURL(/\/dashboard$/);
  await staffPage.goto("/site");
  const nav = staffPage.getByRole("navigation", { name: "Site pages" });
  await expect(nav.getByRole("link", { name: "Gallery" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Business Details" })).toHaveCount(0);
  for (const path of ["/site/details", "/site/hours", "/site/special-hours"]) {
    const refused = await staffPage.goto(path);
    expect(refused?.status()).toBe(403);
  }
  await expect(staffPage.getByText("Only the owner can open Special Hours.")).toBeVisible();
  const posted = await staffPage.request.post("/site/details", {
    form: { phone: "(312) 555-0100" },
  });
  expect(posted.status()).toBe(403);
  await staffContext.close();
});
