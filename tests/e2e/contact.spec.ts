import { business } from "../../app/content/business";
import { expect, test } from "./fixtures";
import { mailTo, receivedMail } from "./mailbox";

// The contact form end to end: production build, embedded database, real SMTP server.

test("a message is stored and both emails arrive; the form clears after the success overlay", async ({
  page,
}) => {
  const sender = `ana.${Date.now()}@example.com`;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Ana Whitfield");
  await page.getByLabel("Email").fill(sender);
  await page.getByLabel("Reason").selectOption("Comment");
  await page.getByLabel("Message").fill("Loved my <b>gel</b> set, thank you!");
  await page.getByRole("button", { name: "Send" }).click();

  const success = page.getByRole("status").filter({ hasText: "Success" });
  await expect(success).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByLabel("Message")).toHaveValue("");
  // The success state lasts 3 seconds, then goes.
  await expect(success).toBeHidden({ timeout: 6000 });

  await expect.poll(() => mailTo(sender).length, { timeout: 15_000 }).toBe(1);
  const notices = () => mailTo(business.email).filter((mail) => mail.raw.includes(sender));
  await expect.poll(() => notices().length, { timeout: 15_000 }).toBe(1);
  const notice = notices()[0];
  expect(notice?.subject).toBe("New comment from Ana Whitfield");
  // The visitor's text reaches the salon escaped in HTML, never as markup.
  expect(notice?.raw).toContain("&lt;b&gt;gel&lt;/b&gt;");
});

test("the server refuses a malformed email: failure overlay, the field marked, the text kept", async ({
  page,
}) => {
  const before = receivedMail().filter((mail) => mail.raw.includes("ben-at-example")).length;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Ben");
  await page.getByLabel("Email").fill("ben-at-example");
  await page.getByLabel("Reason").selectOption("Question");
  await page.getByLabel("Message").fill("Do you do gel removal?");
  await page.getByRole("button", { name: "Send" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Failure" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Message")).toHaveValue("Do you do gel removal?");
  await expect(page.getByRole("alert").filter({ hasText: "Failure" })).toBeHidden({
    timeout: 6000,
  });
  expect(receivedMail().filter((mail) => mail.raw.includes("ben-at-example")).length).toBe(before);
});

test("no answer from the server (offline): failure overlay, and everything typed stays", async ({
  page,
}) => {
  await page.goto("/contact");
  await page.route("**/contact/send", (route) => route.abort("internetdisconnected"));
  await page.getByLabel("Name").fill("Dana");
  await page.getByLabel("Email").fill("dana@example.com");
  await page.getByLabel("Reason").selectOption("Question");
  await page.getByLabel("Message").fill("Are you open on holidays?");
  await page.getByRole("button", { name: "Send" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Failure" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Dana");
  await expect(page.getByLabel("Email")).toHaveValue("dana@example.com");
  await expect(page.getByLabel("Reason")).toHaveValue("Question");
  await expect(page.getByLabel("Message")).toHaveValue("Are you open on holidays?");
  await expect(page.getByText("Your message has been sent")).toHaveCount(0);
});

test("the form works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const sender = `nojs.${Date.now()}@example.com`;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Cleo");
  await page.getByLabel("Email").fill(sender);
  await page.getByLabel("Reason").selectOption("Concern");
  await page.getByLabel("Message").fill("Parking near the salon?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Your message has been sent")).toBeVisible();
  await expect.poll(() => mailTo(sender).length, { timeout: 15_000 }).toBe(1);
  await context.close();
});

test("without JavaScript a refused message comes back with what was typed, the field marked", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Dora");
  await page.getByLabel("Email").fill("dora-at-example");
  await page.getByLabel("Reason").selectOption("Concern");
  await page.getByLabel("Message").fill("Is the salon step-free?");
  await page.getByRole("button", { name: "Send" }).click();

  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveValue("Dora");
  await expect(page.getByLabel("Email")).toHaveValue("dora-at-example");
  await expect(page.getByLabel("Reason")).toHaveValue("Concern");
  await expect(page.getByLabel("Message")).toHaveValue("Is the salon step-free?");
  await expect(page.getByText("Your message has been sent")).toHaveCount(0);
  await context.close();
});

test("a bot that fills the hidden field is thanked and nothing is sent", async ({ request }) => {
  const sender = `bot.${Date.now()}@example.com`;
  const response = await request.post("/contact", {
    form: { name: "Bot", email: sender, reason: "Question", message: "Buy now", website: "x" },
  });
  expect(response.status()).toBeLessThan(400);
  // A person writes just after: the outbox sends in the order mail was queued, so once theirs
  // has arrived, anything queued for the bot would have too.
  const person = `after.bot.${Date.now()}@example.com`;
  const sent = await request.post("/contact/send", {
    form: { name: "Person", email: person, reason: "Question", message: "Open on Sundays?" },
  });
  expect(sent.status()).toBe(200);
  await expect.poll(() => mailTo(person).length, { timeout: 15_000 }).toBe(1);
  expect(mailTo(sender)).toHaveLength(0);
});
