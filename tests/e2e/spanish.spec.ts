import AxeBuilder from "./axe-builder";
import { expect, test } from "./fixtures";
import { mailTo } from "./mailbox";

// Spanish (issue 39, docs/product.md#languages) on a phone's screen: a visit booked in Spanish
// from /es/services 'Reservar' to 'Su cita está reservada', then moved on the emailed
// /es/manage link ('Cita cambiada'), and axe on the Spanish pages.
test.use({ viewport: { width: 390, height: 844 } });

test("from /es/services 'Reservar' a visitor books in Spanish and sees 'Su cita está reservada'", async ({
  page,
}) => {
  // The whole visit, as booking.spec's flows: longer than one page's default 30 s.
  test.slow();
  await page.goto("/es/services");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  const category = page.locator("li.service").filter({
    has: page.getByRole("heading", { name: "Esmalte en gel", exact: true }),
  });
  await category.getByRole("link", { name: "Reservar Manicura en gel", exact: true }).click();
  await expect(page).toHaveURL(/\/es\/schedule\?category=Gel\+Polish&service=/);
  await expect(page.getByRole("grid")).toBeVisible();
  await expect(page.getByLabel("Categoría")).toHaveValue("Gel Polish");
  await expect(page.getByLabel("Profesional")).toBeVisible();

  // A marked day two months on, away from the days the English specs book.
  const free = page.locator('.month__day[data-mark="free"]').first();
  const title = page.locator("#month-title");
  await expect(free).toBeVisible();
  for (let month = 0; month < 2; month++) {
    const shown = (await title.textContent()) ?? "";
    await page.getByRole("button", { name: "Mes siguiente" }).click();
    await expect(title).not.toHaveText(shown);
    await expect(free).toBeVisible();
  }
  await expect(title).toHaveText(/^[a-z]+ de \d{4}$/);
  await expect(free).toHaveAccessibleName(/con horarios libres/);
  await free.click();

  const times = page.getByRole("list", { name: "Horarios disponibles" });
  await expect(times).toBeVisible();
  // The salon's times as a Spanish reader writes them: "10:00 a. m.".
  await expect(times.getByRole("button").first()).toHaveText(/^\d{1,2}:\d{2}\s[ap]\.\s?m\.$/);
  await times.getByRole("button").first().click();
  const dialog = page.getByRole("dialog", { name: "Antes de confirmar..." });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Nombre").fill("Lucía Gómez");
  const email = `lucia.${Date.now().toString(36)}@example.com`;
  await dialog.getByLabel("Correo electrónico").fill(email);
  await dialog.getByRole("button", { name: "Confirmar fecha y hora" }).click();
  // The booking's answer, then 'Listo' (3 s): on a loaded 2-core machine the answer alone took 5 s.
  await expect(page.getByRole("status").filter({ hasText: "Listo" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("dialog", { name: "Cita confirmada" })).toBeVisible({
    timeout: 6000,
  });

  // After 'Cita confirmada' the page reloads as bare /es/schedule with the booking.
  await page.waitForEvent("load", { timeout: 10_000 });
  expect(new URL(page.url()).pathname).toBe("/es/schedule");
  const view = page.getByRole("region", { name: "Su cita está reservada" });
  await expect(view).toBeVisible();
  // The service by its Spanish name, the date and times as es-US writes them.
  await expect(view).toContainText("Manicura en gel");
  await expect(view).toContainText(/(lunes|martes|miércoles|jueves|viernes|sábado), \d{1,2} de /);
  await expect(view).toContainText(/de \d{1,2}:\d{2}\s[ap]\.\s?m\. a \d{1,2}:\d{2}\s[ap]\.\s?m\./);
  await expect(view).not.toContainText("Gel Manicure");
  await expect(view.getByRole("link", { name: "Agregar al calendario" })).toHaveAttribute(
    "href",
    "/es/schedule/calendar",
  );
  await expect(view.getByRole("link", { name: "Administrar cita" })).toBeVisible();
  await expect(view.getByRole("link", { name: "Reservar otra" })).toHaveAttribute(
    "href",
    "/es/schedule?another=1",
  );

  // The confirmation email's manage link opens /es/manage, in Spanish; a move there sends the
  // Spanish 'moved' email.
  await expect.poll(() => mailTo(email).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const raw = (mailTo(email)[0]?.raw ?? "").replace(/=\r?\n/g, "").replaceAll("=3D", "=");
  const link = raw.match(/https?:\/\/[^\s"<>]+\/es\/manage\?token=[A-Za-z0-9_-]{43}/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { level: 1, name: "Administrar cita" })).toBeVisible();
  await expect(page.getByText(/Puede cambiar o cancelar su cita en línea hasta el/)).toBeVisible();
  await expect(page.getByLabel("Nueva fecha")).toBeVisible();
  const moveTimes = page.getByRole("group", { name: /^Horarios disponibles el / });
  await moveTimes.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Cambiar cita" }).click();
  await expect(page.getByRole("status")).toContainText(/Su cita se cambió al .* a las? /);
  const moved = () => mailTo(email).filter((mail) => mail.subject.startsWith("Cita cambiada"));
  await expect.poll(() => moved().length, { timeout: 15_000 }).toBe(1);
});

for (const path of ["/es", "/es/services", "/es/schedule"]) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
}

test("the side navigation links the same page in English", async ({ page }) => {
  await page.goto("/es/services");
  await page.getByRole("button", { name: "Abrir menú" }).click();
  const nav = page.getByRole("dialog", { name: "Principal" });
  for (const name of ["Nosotros", "Servicios", "Galería", "Reservar", "Blog", "Contacto"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await nav.getByRole("link", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
});

// The pages' own words in Spanish (issue 39) are longer than the English: on a phone nothing
// runs off the side, and each says its Spanish heading.
test("the Spanish pages fit a 390 px phone, each with its Spanish heading", async ({ page }) => {
  const pages: [path: string, heading: string][] = [
    ["/es", "Favoritos de nuestro menú"],
    ["/es/about", "Acerca de 2 x 10 Nails & Spa"],
    ["/es/gallery", "Galería"],
    ["/es/blog", "Blog"],
    ["/es/reviews", "Vea lo que opinan otros clientes."],
    ["/es/locations", "Ubicaciones y horario"],
    ["/es/policies", "Cancelación y privacidad"],
    ["/es/nowhere", "Página no encontrada"],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect([path, overflow]).toEqual([path, 0]);
  }
});
