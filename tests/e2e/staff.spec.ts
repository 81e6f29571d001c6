import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { firstStyle, watchFirstStyle } from "./first-style";
import { expect, test } from "./staff-session";

const exec = promisify(execFile);
const staffEmail = process.env.E2E_STAFF_EMAIL ?? "";
const staffPassword = process.env.E2E_STAFF_PASSWORD ?? "";

/** Signs in through the login form (the other tests start signed in: ./staff-session.ts). */
async function submitLogin(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Let's Go" }).click();
}

test("the staff CLI refuses to open the embedded database while the server runs", async () => {
  const result = await exec(
    "npx",
    ["tsx", "scripts/staff-create.ts", "--email", "x@example.com", "--password", "long enough pw"],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR } },
  ).catch((error: { code: number; stderr: string }) => error);
  expect("code" in result ? result.code : 0).toBe(1);
  expect("stderr" in result ? result.stderr : "").toMatch(/in use by another server/);
});

test("the login page answers each failure with the spec's message", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("placeholder", /@example\.com$/);
  const line = page.locator("#login-error");

  await submitLogin(page, "nobody@example.com", "whatever password");
  await expect(line).toHaveText("Email not found.");
  await expect(line).toHaveCSS("color", "rgb(179, 38, 30)");

  await submitLogin(page, "not-an-email", "whatever password");
  await expect(line).toHaveText("Email has incorrect format.");

  await submitLogin(page, staffEmail, "wrong password here");
  await expect(line).toHaveText("Password is incorrect.");
  await expect(page).toHaveURL(/\/login$/);
});

test("staff sign in, see page views and contact entries (escaped), and sign out", async ({
  page,
  browser,
  signIn,
}) => {
  // A visitor leaves a message with markup in it, and visits a page or two.
  const visitor = await browser.newPage();
  await visitor.goto("/reviews");
  await visitor.goto("/contact");
  const marker = `xss-${Date.now()}`;
  await visitor.getByLabel("Name").fill(`<script>window.__pwned=1</script>${marker}`);
  await visitor.getByLabel("Email").fill("visitor@example.com");
  await visitor.getByLabel("Reason").selectOption("Concern");
  await visitor.getByLabel("Message").fill(`<img src=x onerror="window.__pwned=2"> ${marker}`);
  await visitor.getByRole("button", { name: "Send" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
  await visitor.close();

  // Its own session: signing out ends it, and no other test's.
  await signIn(page, "signs-out");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  const views = page.getByRole("region", { name: "Page Views" });
  await expect(views.getByRole("img", { name: /Page views per page/ })).toBeVisible();
  const reviewsRow = views.getByRole("row", { name: /^Reviews \d+$/ });
  await expect(reviewsRow).toBeVisible();

  const entries = page.getByRole("region", { name: "Contact Entries" });
  for (const header of ["Name", "Email", "Reason", "Message"]) {
    await expect(entries.getByRole("columnheader", { name: header })).toBeVisible();
  }
  const row = entries.getByRole("row").filter({ hasText: marker }).first();
  await expect(row).toContainText("<script>window.__pwned=1</script>");
  await expect(row).toContainText('<img src=x onerror="window.__pwned=2">');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // In-app navigation to the schedule page counts too, and the admin menu offers Sign Out.
  await page.getByRole("button", { name: "Open menu" }).click();
  const nav = page.getByRole("dialog", { name: "Staff" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(nav.getByRole("link", { name: "Schedule" })).toHaveAttribute(
    "href",
    "/scheduleadmin",
  );
  await nav.getByRole("link", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("a message sent while the dashboard is open shows there without a reload or a page view", async ({
  page,
  request,
  signIn,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  // What the page asks of its loader from now on (other tests visit the dashboard meanwhile, so
  // its counter itself says nothing here).
  const asked: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname.startsWith("/dashboard")) asked.push(sent.url());
  });
  const marker = `live-${Date.now()}`;
  const sent = await request.post("/contact/send", {
    form: { name: "Live Visitor", email: "live@example.com", reason: "Question", message: marker },
  });
  expect(sent.status()).toBe(200);
  const entries = page.getByRole("region", { name: "Contact Entries" });
  await expect(entries.getByRole("row").filter({ hasText: marker })).toBeVisible({
    timeout: 10_000,
  });
  expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);
  // Keeping itself current is not a page view: it asks at the address the loader does not count.
  expect(asked.length).toBeGreaterThan(0);
  for (const url of asked) expect(new URL(url).searchParams.has("live")).toBe(true);
});

test("staff mark a message handled, then delete it for good", async ({ page, request, signIn }) => {
  const marker = `privacy-${Date.now()}`;
  const sent = await request.post("/contact/send", {
    form: {
      name: "Private Person",
      email: "private@example.com",
      reason: "Concern",
      message: marker,
    },
  });
  expect(sent.status()).toBe(200);
  await signIn(page);
  const entries = page.getByRole("region", { name: "Contact Entries" });
  const row = entries.getByRole("row").filter({ hasText: marker });
  await row.getByRole("button", { name: /^Mark Handled/ }).click();
  await expect(row).toContainText(`Handled by ${staffEmail}`);
  await expect(row.getByRole("button", { name: /^Reopen/ })).toBeVisible();
  await row.getByRole("button", { name: /^Delete/ }).click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(entries.getByRole("row").filter({ hasText: marker })).toHaveCount(0);
});

test("a staff session that ended before an in-app navigation ends at /login", async ({
  page,
  context,
  signIn,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The session is gone (as after an expiry). Whatever asks the server first, the next page's
  // data or the dashboard keeping itself current (another test's message may come in meanwhile),
  // is refused, and the app ends at /login.
  await context.clearCookies();
  const refused = page.waitForResponse(
    (response) => response.status() === 401 && new URL(response.url()).pathname.endsWith(".data"),
  );
  await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("dialog", { name: "Staff" })
    .getByRole("link", { name: "Schedule" })
    .click({ timeout: 3000 })
    .catch(() => {}); // the page may already be on its way to /login
  expect((await refused).status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
});

test("signed in, the dashboard shows with its own styles, and so does the schedule page", async ({
  page,
}) => {
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  // The staff sheets are not in the login page: the sign-in's navigation fetches them first.
  await watchFirstStyle(page, ".staff-section", "margin-bottom");
  await page.getByLabel("Email").fill(staffEmail);
  await page.getByLabel("Password").fill(staffPassword);
  await page.getByRole("button", { name: "Let's Go" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // staff.css's section spacing (2.5rem), not base.css's.
  expect(await firstStyle(page)).toBe("40px");

  await watchFirstStyle(page, ".salon-clock", "border-top-left-radius");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Staff" }).getByRole("link", { name: "Schedule" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  expect(await firstStyle(page)).toBe("14px");
});

test("anonymous requests to every staff page, data request and action get nothing", async ({
  request,
}) => {
  for (const path of [
    "/dashboard",
    "/scheduleadmin",
    "/scheduleadmin/team",
    "/scheduleadmin/categories",
    "/scheduleadmin/waitlist",
  ]) {
    const page = await request.get(path, { maxRedirects: 0 });
    expect(page.status(), path).toBe(302);
    expect(page.headers().location).toBe("/login");
    expect(await page.text()).not.toContain("Contact Entries");

    for (const method of ["get", "post"] as const) {
      const data = await request[method](`${path}.data`, { maxRedirects: 0, form: {} });
      expect(data.status(), `${method} ${path}.data`).toBe(401);
      expect(await data.text()).not.toMatch(/pageViews|contactEntries|@/);
    }
    const post = await request.post(path, { form: { intent: "anything" }, maxRedirects: 0 });
    expect(post.status(), `POST ${path}`).toBeGreaterThanOrEqual(300);
    expect(await post.text()).not.toContain("Contact Entries");
  }
  // A forged session cookie is no session.
  const forged = await request.get("/dashboard.data", {
    headers: { Cookie: "salon_staff_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
  });
  expect(forged.status()).toBe(401);
});
