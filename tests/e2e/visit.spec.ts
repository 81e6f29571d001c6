import type { Browser, Page } from "@playwright/test";
import {
  type AppServer,
  createServerStore,
  type MovableClock,
  movableClock,
  startAppServer,
} from "../support/app-server";
import AxeBuilder from "./axe-builder";
import { findTimes } from "./booking-steps";
import { mailTo } from "./mailbox";
import { salonDateNotSunday } from "./salon-date";
import { expect, test } from "./staff-session";

// A visit of several services end to end (docs/product.md#visits): production build, seeded
// catalogue, real SMTP server. Its own date, far from the other files' bookings.

/** The email's text, quoted-printable undone. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=");

test("a manicure with an add-on and a pedicure with another technician: one visit, one email, both blocks for staff, moved as a whole", async ({
  page,
  signIn,
}) => {
  const date = salonDateNotSunday(26);
  // Its own guest, so that a repeated run (--repeat-each) counts this run's blocks only.
  const run = Date.now().toString(36);
  const email = `visit.${run}@example.com`;
  const guest = `Visit Guest ${run}`;

  await page.goto("/schedule");
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Category").selectOption("Gel Polish");
  await page.getByLabel("Service").selectOption({ label: "Gel Manicure" });
  await page.getByLabel(/Nail Art \(per nail\)/).check();
  await page.getByRole("button", { name: "Add Another Service" }).click();
  await page
    .getByLabel("Second service", { exact: true })
    .selectOption({ label: "Classic Pedicure (40 min, $45)" });
  await page.getByLabel("Second service technician").selectOption("Nina");
  await page.getByRole("button", { name: "Get Available Times" }).click();

  // The search is in the address, so a reload keeps it.
  await expect(page).toHaveURL(/service2=.*technician2=Nina/);
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
  await dialog.getByLabel("Name").fill(guest);
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
  await expect(nina.getByRole("listitem").filter({ hasText: guest })).toContainText(
    "Classic Pedicure",
  );
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: guest })
      .filter({ hasText: "Gel Manicure + Nail Art (per nail)" }),
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
  const blocks = page.getByRole("listitem").filter({ hasText: guest });
  await expect(blocks).toHaveCount(2);
  await expect(blocks.filter({ hasText: "Gel Manicure + Nail Art (per nail)" })).toContainText(
    `${laterTime} to`,
  );
  await expect(blocks.filter({ hasText: "Classic Pedicure" })).not.toContainText(`${time} to`);
});

// The holds' test has a server of its own (tests/support/app-server.ts) whose clock it moves
// (issue 37): holds last 5 minutes there, so no step outlasts one, and a hold lapses when the
// test moves the server's clock past its end, not by waiting on a real clock (the shared server's
// 8-second holds lapsed, or were not taken, between steps on a loaded machine). Its two visitors
// are two client addresses, as two people are: a client holding a time again keeps its first
// hold's end (docs/product.md#holds).
const HOLD_SECONDS = 300;

interface HoldsServer {
  server: AppServer;
  clock: MovableClock;
}

/** One per worker (repeated runs share it), started with the shared server's patience. */
const holdsTest = test.extend<object, { holds: HoldsServer }>({
  holds: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none
    async ({}, use) => {
      const clock = movableClock();
      const store = await createServerStore();
      const server = await startAppServer(store, {
        ...clock.env,
        HOLD_SECONDS: String(HOLD_SECONDS),
        TRUST_PROXY: "1",
      });
      await use({ server, clock });
      await server.stop("SIGKILL");
      await store.remove();
      clock.remove();
    },
    // As playwright.config.ts's webServer: starting a server on a loaded machine took over 30 s.
    { scope: "worker", timeout: 120_000 },
  ],
});

/** A visitor on their own connection: their own cookies and client address. */
async function visitor(browser: Browser, server: AppServer, address: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  return context.newPage();
}

const time = (page: Page, name: string) =>
  page.getByRole("list", { name: "Available times" }).getByRole("button", { name, exact: true });

holdsTest(
  "while one visitor holds 11:00 AM the other is not offered it; once the hold lapses it is offered again",
  async ({ browser, holds: { server, clock } }) => {
    const date = salonDateNotSunday(27);
    // Two new client addresses for each run (--repeat-each runs on the same server).
    const run = holdsTest.info().repeatEachIndex;
    const first = await visitor(browser, server, `10.254.${run}.1`);
    const second = await visitor(browser, server, `10.254.${run}.2`);
    await findTimes(first, { date, category: "Waxing", service: "Eyebrow Wax" });
    await time(first, "11:00 AM").click();
    const dialog = first.getByRole("dialog", { name: "Before you confirm..." });
    // The text comes once the hold is taken.
    await expect(dialog).toContainText("We are holding this time for you for 5 minutes.");

    // The times have loaded (11:15 AM is there) before 11:00 AM is found absent.
    await findTimes(second, { date, category: "Waxing", service: "Eyebrow Wax" });
    await expect(time(second, "11:15 AM")).toBeVisible();
    await expect(time(second, "11:00 AM")).toHaveCount(0);

    // The first visitor lets the time lapse: the server's clock moves past the hold's end, and
    // searched again, 11:00 AM is offered.
    await clock.advance(server, (HOLD_SECONDS + 1) * 1000);
    await second.reload();
    await expect(time(second, "11:00 AM")).toBeVisible();
    // Closing the dialog lets a hold go at once: the second visitor holds 11:15 AM, closes it,
    // and the first sees it at their next search.
    await time(second, "11:15 AM").click();
    const secondDialog = second.getByRole("dialog", { name: "Before you confirm..." });
    await expect(secondDialog).toContainText("We are holding this time for you for 5 minutes.");
    await findTimes(first, { date, category: "Waxing", service: "Eyebrow Wax" });
    await expect(time(first, "11:00 AM")).toBeVisible();
    await expect(time(first, "11:15 AM")).toHaveCount(0);
    const released = second.waitForResponse(
      (response) =>
        response.url().endsWith("/schedule/hold") && response.request().method() === "POST",
    );
    await secondDialog.getByRole("button", { name: "Close" }).click();
    await expect(secondDialog).toBeHidden();
    await released;
    await first.reload();
    await expect(time(first, "11:15 AM")).toBeVisible();
    await Promise.all([first.context().close(), second.context().close()]);
  },
);
