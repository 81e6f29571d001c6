import {
  addDaysIso,
  SALON_TIME_ZONE,
  salonDateOf,
  zonedDateTime,
} from "../../app/domain/booking/time-zone";
import { SESSION_COOKIE } from "../../app/lib/staff-cookie.server";
import { seedCatalogueOnce } from "../../app/services/salon/catalogue-seed.server";
import { createOrResetStaffUser } from "../../app/services/staff/auth.server";
import { createSession } from "../../app/services/staff/session.server";
import {
  type AppServer,
  createServerStore,
  shiftedClockEnv,
  startAppServer,
  withStoreDatabase,
} from "../support/app-server";
import AxeBuilder from "./axe-builder";
import { expect, test } from "./fixtures";
import { chooseRowAction } from "./schedule-steps";

// Walk-ins at the front desk (docs/product.md#walk-ins), at 1366 x 768, on a server of its own
// whose clock reads tomorrow (a weekday) at 2:12:30 PM in the salon, the browser's clock too: so
// "now" is within the salon's hours whenever the test runs, and no real clock is raced.

interface DeskServer {
  server: AppServer;
  cookie: string;
  now: Date;
}

/** Tomorrow in the salon, or the day after when tomorrow is a Sunday (it closes early). */
function deskDay(): string {
  const tomorrow = addDaysIso(salonDateOf(new Date(), SALON_TIME_ZONE), 1);
  const sunday = new Date(`${tomorrow}T12:00:00Z`).getUTCDay() === 0;
  return sunday ? addDaysIso(tomorrow, 1) : tomorrow;
}

const deskTest = test.extend<object, { desk: DeskServer }>({
  desk: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none
    async ({}, use) => {
      const now = new Date(zonedDateTime(deskDay(), "14:12", SALON_TIME_ZONE).getTime() + 30_000);
      const store = await createServerStore();
      const cookie = await withStoreDatabase(store, async (db) => {
        await seedCatalogueOnce(db);
        const staff = await createOrResetStaffUser(db, "desk@example.com", "long password 1");
        if (!staff.ok) throw new Error("no staff user");
        return createSession(db, staff.user.id, now);
      });
      const server = await startAppServer(store, shiftedClockEnv(now.getTime() - Date.now()));
      await use({ server, cookie, now });
      await server.stop("SIGKILL");
      await store.remove();
    },
    // As playwright.config.ts's webServer: starting a server on a loaded machine took over 30 s.
    { scope: "worker", timeout: 120_000 },
  ],
});

deskTest.use({ viewport: { width: 1366, height: 768 } });

deskTest(
  "'Walk-in' books Mara's next free minutes from now; 'Add Appointment' offers the current quarter hour; a phone-only customer is promised no email; her suggestion follows 'Name'",
  async ({ page, desk }) => {
    deskTest.setTimeout(60_000);
    const { server, cookie, now } = desk;
    await page
      .context()
      .addCookies([
        { name: SESSION_COOKIE, value: cookie, url: server.url, httpOnly: true, sameSite: "Lax" },
      ]);
    await page.clock.install({ time: now });
    await page.goto(`${server.url}/scheduleadmin`);
    await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();

    // A free cell at 2:15 PM, three minutes ahead: offered, with no hour's notice.
    await page.getByRole("button", { name: "Book with Mara at 2:15 PM" }).click();
    const add = page.getByRole("dialog", { name: "Add an Appointment" });
    await add.getByLabel("Service").selectOption({ label: "Manicure - Classic Manicure" });
    await expect(add.getByText("2:15 PM with Mara", { exact: true })).toBeVisible();
    await expect(add.getByLabel("Time")).toHaveValue(
      zonedDateTime(deskDay(), "14:15", SALON_TIME_ZONE).toISOString(),
    );
    await add.getByRole("button", { name: "Close" }).click();

    // A customer at the desk now: her name and phone, and Mara.
    await page.getByRole("button", { name: "Walk-in", exact: true }).click();
    const walkIn = page.getByRole("dialog", { name: "Walk-in" });
    await walkIn.getByLabel("Service").selectOption({ label: "Manicure - Classic Manicure" });
    await walkIn.getByLabel("Technician").selectOption("Mara");
    await walkIn.getByLabel("Name").fill("Dora Lee");
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    // The phone is required: nothing is sent without it.
    await walkIn.getByRole("button", { name: "Book Walk-in" }).click();
    await expect(walkIn.getByText("Enter the customer's phone number.")).toBeVisible();
    await expect(walkIn.getByLabel("Phone")).toBeFocused();
    await walkIn.getByLabel("Phone").fill("(312) 555-0142");
    await walkIn.getByRole("button", { name: "Book Walk-in" }).click();

    // Booked at the current 5 minutes (2:10 PM), said in the status line, and on Mara's column.
    await expect(
      page.getByRole("status").filter({ hasText: "Booked Dora Lee at 2:10 PM with Mara." }),
    ).toBeVisible({ timeout: 10_000 });
    await expect(walkIn).toBeHidden();
    const block = page
      .getByRole("region", { name: "Mara's day" })
      .getByRole("button", { name: /^Dora Lee / });
    await expect(block).toContainText("2:10 PM");

    // A second walk-in with Mara takes her next free minutes, after Dora Lee.
    await page.getByRole("button", { name: "Walk-in", exact: true }).click();
    await walkIn.getByLabel("Service").selectOption({ label: "Manicure - Classic Manicure" });
    await walkIn.getByLabel("Technician").selectOption("Mara");
    await walkIn.getByLabel("Name").fill("Ana Diaz");
    await walkIn.getByLabel("Phone").fill("(312) 555-0143");
    await walkIn.getByRole("button", { name: "Book Walk-in" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Booked Ana Diaz at / })).toBeVisible({
      timeout: 10_000,
    });
    await expect(
      page.getByRole("status").filter({ hasText: /^Booked Ana Diaz at / }),
    ).not.toHaveText(/2:10 PM/);

    // Ana Diaz gave no email: the cancel dialog of her upcoming walk-in promises none, and says to
    // call her instead.
    const row = page.getByRole("row").filter({ hasText: "Ana Diaz" });
    await chooseRowAction(row, "Cancel");
    const cancel = page.getByRole("dialog", { name: "Cancel this appointment?" });
    await expect(cancel).toContainText(
      "Ana Diaz has no email, so none is sent: call (312) 555-0143 to say it is cancelled.",
    );
    await expect(cancel).not.toContainText("cancellation email");
    await cancel.getByRole("button", { name: "Keep it" }).click();

    // 'Add Appointment': a name typed, the next Tab reaches her among 'Existing customers'.
    await page.getByRole("button", { name: "Add Appointment" }).click();
    await add.getByLabel("Name").fill("Dora");
    const suggestion = add
      .getByRole("list", { name: "Existing customers" })
      .getByRole("button", { name: /^Dora Lee/ });
    await expect(suggestion).toBeVisible();
    await add.getByLabel("Name").press("Tab");
    await expect(suggestion).toBeFocused();
  },
);
