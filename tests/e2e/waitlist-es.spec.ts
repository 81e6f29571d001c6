import { expect, test } from "./fixtures";
import { mailTo } from "./mailbox";
import { FULL_DAY, salonWeekday } from "./seed-history";

// The waitlist in Spanish (issues 39 and 33, docs/product.md#waitlist): on /es/schedule a day
// Nina is booked the whole of (tests/e2e/seed-history.ts, the day that stays full) offers
// 'Unirse a la lista de espera'; the email asking to confirm the place comes in Spanish and its
// link opens /es/waitlist/confirm, whose 'Confirmar mi lugar' takes the place. Joining changes
// nothing of the day, so waitlist.spec's calendar still finds it full.

/** The email's text, quoted-printable undone. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=");

test("a visitor on /es/schedule joins the waitlist of a full day and confirms her place with 'Confirmar mi lugar'", async ({
  page,
}) => {
  const date = salonWeekday(FULL_DAY.staysFullDaysAhead);
  const email = `lista.${Date.now().toString(36)}@example.com`;

  await page.goto("/es/schedule");
  await expect(page.getByRole("grid")).toBeVisible();
  await page.getByLabel("Fecha").fill(date);
  await page.getByLabel("Categoría").selectOption("Waxing");
  await page.getByLabel("Servicio", { exact: true }).selectOption({ label: "Cera de cejas" });
  await page.getByRole("button", { name: "Ver horarios disponibles" }).click();
  await expect(page.getByText("No hay horarios libres este día para este servicio.")).toBeVisible();
  // The search loaded a new page: its script first, so the join is the island's.
  await expect(page.getByRole("grid")).toBeVisible();

  const form = page.getByRole("form", { name: /Únase a la lista de espera/ });
  await form.getByLabel("Nombre").fill("Lucía Espera");
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Mañana (antes del mediodía)").check();
  await form.getByRole("button", { name: "Unirse a la lista de espera" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Está en la lista de espera" }),
  ).toBeVisible();

  const confirmMail = () =>
    mailTo(email).filter((mail) => mail.subject.startsWith("Confirme su lugar"));
  await expect.poll(() => confirmMail().length, { timeout: 20_000 }).toBe(1);
  const text = plain(confirmMail()[0]?.raw ?? "");
  expect(text).toContain("pulse 'Confirmar mi lugar'");
  const link = text.match(
    /https?:\/\/[^\s"<>]+\/es\/waitlist\/confirm\?token=[A-Za-z0-9_-]{43}/,
  )?.[0];
  if (!link) throw new Error("No /es/waitlist/confirm link in the email");

  await page.goto(link);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirme su lugar");
  await page.getByRole("button", { name: "Confirmar mi lugar" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Su lugar en la lista de espera está confirmado.",
  );
});
