import AxeBuilder from "./axe-builder";
import { mailTo } from "./mailbox";
import { FULL_DAY, salonWeekday } from "./seed-history";
import { expect, test } from "./staff-session";

// The waitlist and the month calendar end to end (docs/product.md#waitlist,
// docs/product.md#month-calendar): production build, real SMTP server. Nina is booked the whole
// of two days (tests/e2e/seed-history.ts), so Eyebrow Wax (hers alone) has no time then: on the
// first the visitor joins the waitlist, the booking is cancelled from its own link, and the
// visitor is emailed a link which books the freed time; the second stays full for the calendar.

/** The email's text, quoted-printable undone. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=");

test("a full day offers the waitlist; a cancellation emails the first in line, whose link books the freed time", async ({
  page,
  browser,
  signIn,
}) => {
  const date = salonWeekday(FULL_DAY.daysAhead);
  const email = `waitlist.${Date.now().toString(36)}@example.com`;

  await page.goto("/schedule");
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Category").selectOption("Waxing");
  await page.getByLabel("Service").selectOption({ label: "Eyebrow Wax" });
  await page.getByRole("button", { name: "Get Available Times" }).click();
  await expect(page.getByText("No times are free on this day")).toBeVisible();

  const form = page.getByRole("form", { name: /Join the waitlist/ });
  await form.getByLabel("Name").fill("Wendy Waitlist");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Morning (before noon)").check();
  const axe = await new AxeBuilder({ page }).include(".waitlist").analyze();
  expect(axe.violations).toEqual([]);
  await form.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "You are on the waitlist" }),
  ).toBeVisible();

  // The place counts once its owner confirms it from the emailed link (docs/product.md#waitlist).
  const confirmMail = () =>
    mailTo(email).filter((mail) => mail.subject.startsWith("Confirm your place"));
  await expect.poll(() => confirmMail().length, { timeout: 20_000 }).toBe(1);
  const confirmLink = plain(confirmMail()[0]?.raw ?? "").match(
    /https?:\/\/[^\s"<>]+\/waitlist\/confirm\?token=[A-Za-z0-9_-]{43}/,
  )?.[0];
  if (!confirmLink) throw new Error("No confirm link in the email");
  const owner = await browser.newPage();
  await owner.goto(confirmLink);
  await owner.getByRole("button", { name: "Confirm My Place" }).click();
  await expect(owner.getByRole("status")).toContainText("Your place on the waitlist is confirmed.");

  // The front desk sees who is waiting for that day.
  const staff = await browser.newPage();
  await signIn(staff);
  await staff.goto(`/scheduleadmin/waitlist?date=${date}`);
  const line = staff.getByRole("list", { name: /^Waiting on / });
  await expect(line.getByRole("listitem").filter({ hasText: email })).toContainText(
    "Eyebrow Wax, mornings",
  );
  await expect(line.getByRole("listitem").filter({ hasText: email })).toContainText("Waiting");

  // The bridal party cancels from their own link.
  const party = await browser.newPage();
  await party.goto(`/manage?token=${FULL_DAY.token}`);
  await party.getByRole("button", { name: "Cancel Appointment" }).click();
  await party.getByRole("button", { name: "Yes, Cancel It" }).click();
  await expect(party.getByRole("status")).toContainText("is cancelled and the time is free again");

  const offers = () => mailTo(email).filter((mail) => mail.subject.startsWith("A time has opened"));
  await expect.poll(() => offers().length, { timeout: 20_000 }).toBe(1);
  const offer = plain(offers()[0]?.raw ?? "");
  expect(offers()[0]?.subject).toMatch(/@ 10:00 AM$/);
  expect(offer).toContain("Eyebrow Wax");
  const link = offer.match(/https?:\/\/[^\s"<>]+\/waitlist\?token=[A-Za-z0-9_-]{43}/)?.[0];
  if (!link) throw new Error("No waitlist link in the email");

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "A Time Has Opened" })).toBeVisible();
  await expect(page.getByText(/@ 10:00 AM/)).toBeVisible();
  await page.getByRole("button", { name: "Book This Time" }).click();
  await expect(page.getByRole("status")).toContainText(/Booked: .* @ 10:00 AM with Nina/);
  await expect(page.getByRole("button", { name: "Book This Time" })).toHaveCount(0);

  const confirmations = () =>
    mailTo(email).filter((mail) => !/^(A time has opened|Confirm your place)/.test(mail.subject));
  await expect.poll(() => confirmations().length, { timeout: 15_000 }).toBe(1);
  expect(confirmations()[0]?.subject).toMatch(/@ 10:00 AM with Nina/);

  await staff.reload();
  await expect(line.getByRole("listitem").filter({ hasText: email })).toContainText(
    "Booked 10:00 AM",
  );

  // The rest of the day is free again; the booked time is not offered.
  await page.goto("/schedule");
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Category").selectOption("Waxing");
  await page.getByLabel("Service").selectOption({ label: "Eyebrow Wax" });
  await page.getByRole("button", { name: "Get Available Times" }).click();
  const times = page.getByRole("list", { name: "Available times" });
  await expect(times.getByRole("button", { name: "10:15 AM", exact: true })).toBeVisible();
  await expect(times.getByRole("button", { name: "10:00 AM", exact: true })).toHaveCount(0);
});

test("the month under 'Date' marks the full day and the days with times; a day picked from the keyboard lists its times", async ({
  page,
}) => {
  const date = salonWeekday(FULL_DAY.staysFullDaysAhead);
  const dayName = (iso: string) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      weekday: "long",
      month: "long",
      day: "numeric",
    })
      .format(new Date(`${iso}T12:00:00Z`))
      // "Monday, January 4": the calendar's own words for a day.
      .replace(/^(\w+), (\w+) (\d+)$/, "$1, $2 $3");
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + (next.getUTCDay() === 6 ? 2 : 1));
  const nextDay = next.toISOString().slice(0, 10);

  await page.goto("/schedule");
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Category").selectOption("Waxing");
  await page.getByLabel("Service").selectOption({ label: "Eyebrow Wax" });
  const full = page.getByRole("button", { name: `${dayName(date)}, fully booked` });
  await expect(full).toBeVisible();
  await expect(full.locator("xpath=..")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: `${dayName(nextDay)}, times free` })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include(".month").analyze();
  expect(axe.violations).toEqual([]);

  await full.focus();
  for (let day = new Date(`${date}T12:00:00Z`); day < next; day.setUTCDate(day.getUTCDate() + 1)) {
    await page.keyboard.press("ArrowRight");
  }
  await expect(page.getByRole("button", { name: `${dayName(nextDay)}, times free` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`date=${nextDay}`));
  await expect(page.getByRole("list", { name: "Available times" })).toBeVisible();
  await expect(page.locator(".service-box")).toContainText("Eyebrow Wax");
});
