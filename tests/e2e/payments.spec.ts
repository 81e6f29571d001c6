import type { Page } from "@playwright/test";
import AxeBuilder from "./axe-builder";
import { expect, expectSaid, test } from "./staff-session";

// The owner's 'Payments' page (issue 40, docs/payments.md) in Chromium, on the e2e server, which
// has no Stripe keys: it says how to connect, its form is labelled as the issue names it and
// passes axe, a deposit is saved and shown again, and a wrong one is said beside its field and
// changes nothing. What it changed is put back.

async function axe(page: Page) {
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test("the owner sets a deposit on a service; a wrong one is refused beside its field", async ({
  page,
  signIn,
}) => {
  await signIn(page);
  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Connect Stripe" })).toBeVisible();
  await expect(page.getByText("/stripe/webhook")).toBeVisible();
  await expect(page.getByLabel("Cancellation window")).toHaveValue("24");
  await expect(page.getByLabel("Late cancellation fee")).toHaveValue("50");
  await expect(page.getByLabel("No-show fee")).toHaveValue("50");
  await axe(page);

  const service = page.locator(".payments-service").first();
  const protection = service.getByLabel("Protection");
  await expect(protection).toHaveValue("none");
  // The deposit's field shows only for a deposit.
  await expect(service.getByLabel("Deposit")).toBeHidden();
  await protection.selectOption({ label: "Deposit" });
  await service.getByLabel("Deposit").fill("lots");
  await page.getByRole("button", { name: "Save Payments" }).click();
  await expect(
    service.getByText("Enter an amount, like $25, or a percentage of the price, like 20%"),
  ).toHaveCount(1);
  await expect(service.getByLabel("Deposit")).toHaveAttribute("aria-invalid", "true");
  await axe(page);
  await page.goto("/payments");
  await expect(page.locator(".payments-service").first().getByLabel("Protection")).toHaveValue(
    "none",
  );

  try {
    const again = page.locator(".payments-service").first();
    await again.getByLabel("Protection").selectOption({ label: "Deposit" });
    await again.getByLabel("Deposit").fill("20%");
    await page.getByRole("button", { name: "Save Payments" }).click();
    await expectSaid(page, "Saved.");
    await page.goto("/payments");
    await expect(page.locator(".payments-service").first().getByLabel("Deposit")).toHaveValue(
      "20%",
    );
  } finally {
    await page.goto("/payments");
    // Hydrated first: a click before it would post the plain form, with no overlay to wait for.
    await page.waitForLoadState("networkidle");
    await page.locator(".payments-service").first().getByLabel("Protection").selectOption("none");
    await page.getByRole("button", { name: "Save Payments" }).click();
    await expectSaid(page, "Saved.");
  }
});
