import { expect, test } from "./fixtures";

test("home: the welcome card closes, and the two buttons lead to booking and services", async ({
  page,
}) => {
  await page.goto("/");
  const welcome = page.getByRole("region", { name: "Welcome to 2 x 10" });
  await expect(welcome).toBeVisible();
  await welcome.getByRole("button", { name: "Close welcome message" }).click();
  await expect(welcome).toBeHidden();
  // Closed once, it stays closed in this browser.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(welcome).toBeHidden();

  await page.getByRole("link", { name: "Schedule Appointment Now" }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await page.goBack();
  await page.getByRole("link", { name: "Check out our services" }).click();
  await expect(page).toHaveURL(/\/services$/);
});

test("home: the welcome card also greets after a link from a page React runs, until closed", async ({
  page,
}) => {
  // /login runs on React Router: its logo link renders the home page in the browser, not by a
  // load.
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "2 x 10 Nails & Spa, home" }).click();
  await expect(page).toHaveURL(/\/$/);
  const welcome = page.getByRole("region", { name: "Welcome to 2 x 10" });
  await expect(welcome).toBeVisible();
  await welcome.getByRole("button", { name: "Close welcome message" }).click();
  await expect(welcome).toBeHidden();

  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "2 x 10 Nails & Spa, home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(welcome).toBeHidden();
});

test("home: the hero buttons can be used while the welcome card is showing", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Welcome to 2 x 10" })).toBeVisible();
  await page.getByRole("link", { name: "Check out our services" }).click();
  await expect(page).toHaveURL(/\/services$/);
});

test("about: three sections", async ({ page }) => {
  await page.goto("/about");
  const headings = page.locator("main h2");
  await expect(headings).toHaveCount(3);
  await expect(headings.nth(0)).toContainText(/nail care/i);
  await expect(headings.nth(1)).toContainText(/self-care/i);
  await expect(headings.nth(2)).toContainText(/hygiene/i);
});

test("services: ten categories with every price in view, one description expanded at a time", async ({
  page,
}) => {
  await page.goto("/services");
  const names = [
    "Manicure",
    "Acrylic",
    "Pedicure",
    "Gel Extension",
    "Gel Polish",
    "Dipping",
    "Kids Nails",
    "Waxing",
    "Massage",
    "Add-On Services",
  ];
  // The spec's ten first; a category staff add follows them (another test may be adding one).
  const headings = await page.locator("main h2").allTextContents();
  expect(headings.slice(0, 10)).toEqual(names);
  // Every service's duration and price, and its own 'Book', before any button (issue 38).
  const manicure = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: "Manicure", exact: true, level: 2 }),
  });
  const regular = manicure.getByRole("listitem").filter({ hasText: "Reg Mani/Pedi" });
  await expect(regular).toBeVisible();
  await expect(regular).toContainText(/\d+ min/);
  await expect(regular).toContainText("$");
  await expect(
    regular.getByRole("link", { name: "Book Reg Mani/Pedi", exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Book", exact: true })).toHaveCount(
    0,
  );

  const more = page.getByRole("button", { name: "Show More" });
  await expect(more).toHaveCount(10);
  await expect(more.first()).toHaveAccessibleName("Show More about Manicure");
  await expect(page.getByRole("button", { name: "Show Less" })).toHaveCount(0);
  const manicureText = page.locator("#manicure-details");
  await expect(manicureText).toBeHidden();
  await more.nth(0).click();
  await expect(manicureText).toBeVisible();
  await expect(page.getByRole("button", { name: "Show Less" })).toHaveCount(1);

  // Opening Pedicure closes Manicure.
  await page.getByRole("button", { name: "Show More" }).nth(1).click();
  await expect(manicureText).toBeHidden();
  await expect(page.locator("#pedicure-details")).toBeVisible();
  await expect(page.getByRole("button", { name: "Show Less" })).toHaveCount(1);

  await page.getByRole("button", { name: "Show Less" }).click();
  await expect(page.getByRole("button", { name: "Show Less" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Show More" })).toHaveCount(10);
});

test("gallery: nine photos; one opens full size, survives a reload and goes back", async ({
  page,
}) => {
  await page.goto("/gallery");
  const photos = page.locator("main ul.gallery-grid > li");
  // The nine seeded designs (staff may have uploaded more: docs/product.md#gallery-and-photos).
  await expect(photos.filter({ hasText: "Coral summer with gold" })).toHaveCount(1);
  expect(await photos.count()).toBeGreaterThanOrEqual(9);
  for (const img of await page.locator("main ul.gallery-grid img").all()) {
    expect(await img.getAttribute("alt")).toBeTruthy();
    expect(await img.getAttribute("width")).toBeTruthy();
  }
  await photos.filter({ hasText: "Marble with a gold vein" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/gallery-photo\?photo=marble-gold-vein$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marble with a gold vein");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marble with a gold vein");
  const image = page.locator("main figure img");
  await expect(image).toBeVisible();
  expect(
    await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
  ).toBe(true);
  await page.getByRole("link", { name: "Back to gallery" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
});

test("gallery-photo without a photo returns to the gallery; an unknown one is 404", async ({
  page,
}) => {
  await page.goto("/gallery-photo");
  await expect(page).toHaveURL(/\/gallery$/);
  const response = await page.goto("/gallery-photo?photo=nope");
  expect(response?.status()).toBe(404);
});

test("blog: newest featured, the other listed with date and tags; a post opens and goes back", async ({
  page,
}) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  const featured = page.locator("article.blog-featured");
  await expect(featured.locator("time")).toHaveText("April 29, 2023");
  const listed = page.getByRole("list", { name: "More posts" }).locator(":scope > li");
  await expect(listed).toHaveCount(1);
  await expect(listed.locator("time")).toHaveText("April 29, 2023");
  expect(
    await listed.getByRole("list", { name: "Tags" }).getByRole("listitem").count(),
  ).toBeGreaterThan(1);

  await listed.getByRole("link").click();
  await expect(page).toHaveURL(/\/blogpost\?post=types-of-manicures$/);
  const post = page.locator("main article");
  await expect(post.getByRole("heading", { level: 1 })).toHaveText(
    "A Guide to the Different Types of Manicures",
  );
  await expect(post).toContainText("April 29, 2023");
  await expect(post).toContainText(/By \w+/);
  for (const kind of ["French", "Gel", "Shellac", "Acrylic", "Dip"]) {
    await expect(
      post.getByRole("heading", { level: 2, name: new RegExp(kind, "i") }).first(),
    ).toBeVisible();
  }
  await page.reload();
  await expect(post.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("reviews: the six seeded testimonials with name and city", async ({ page }) => {
  await page.goto("/reviews");
  await expect(page.getByRole("heading", { name: "See what others are saying." })).toBeVisible();
  const figures = page.locator("main figure");
  // At least the seed's six: site-reviews.spec.ts shows one more for a moment on this server.
  await expect(figures.nth(5)).toBeVisible();
  for (const figure of await figures.all()) {
    await expect(figure.locator("blockquote")).not.toBeEmpty();
    await expect(figure.locator("figcaption")).toContainText(/\w+/);
  }
});

test("locations: Chicago address, the spec's hours and a map", async ({ page }) => {
  await page.goto("/locations");
  const main = page.getByRole("main");
  await expect(main).toContainText("Chicago, IL");
  await expect(main).toContainText("Mon-Fri");
  await expect(main).toContainText("10:00 AM to 8:00 PM");
  await expect(main).toContainText("Saturday");
  await expect(main).toContainText("10:00 AM to 7:00 PM");
  await expect(main).toContainText("Sunday");
  await expect(main).toContainText("10:00 AM to 6:00 PM");
  const map = page.locator("iframe[title^='Map showing']");
  await expect(map).toBeVisible();
  await expect(page.getByRole("link", { name: "Open in Maps" })).toHaveAttribute("href", /^https:/);

  // Our drawing until asked; then the live map (answered here: the tests run offline). What the
  // frame then shows is not asserted: a frame of another site runs in a process of its own, whose
  // request interception races its start under load (this step failed now and then in CI). What is
  // ours is asserted: the src, a load with no Content-Security-Policy refusal, the button gone.
  await page.route("https://www.openstreetmap.org/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<p>Live map</p>" }),
  );
  expect(await map.getAttribute("src")).toBeNull();
  await map.evaluate((frame) => {
    const refused: string[] = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      refused.push(event.violatedDirective),
    );
    Object.assign(window, {
      mapLoaded: new Promise((resolve) =>
        frame.addEventListener("load", () => setTimeout(() => resolve(refused), 100)),
      ),
    });
  });
  await page.getByRole("button", { name: "Load interactive map" }).click();
  await expect(map).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\/export\/embed/);
  expect(
    await page.evaluate(() => (window as unknown as { mapLoaded: unknown }).mapLoaded),
  ).toEqual([]);
  await expect(page.getByRole("button", { name: "Load interactive map" })).toBeHidden();
});

test("contact: the form's labelled fields beside phone, email, address and a photo", async ({
  page,
}) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Contact Us" })).toBeVisible();
  await expect(page.getByLabel("Name")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  const reason = page.getByLabel("Reason");
  for (const option of ["Question", "Comment", "Concern"]) {
    await reason.selectOption(option);
  }
  await expect(page.getByLabel("Message")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
  const aside = page.getByRole("complementary", {
    name: "Salon contact details",
  });
  await expect(aside.getByRole("link", { name: "(312) 555-0142" })).toHaveAttribute(
    "href",
    "tel:+13125550142",
  );
  await expect(aside.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(aside).toContainText("Chicago");
  await expect(aside.locator("img")).toHaveAttribute("alt", /.+/);
});

test("contact: empty fields are marked invalid and nothing is sent", async ({ page }) => {
  await page.goto("/contact");
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await page.getByLabel("Name").fill("Ana");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Message")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");
  expect(posted).toBe(false);
});

test("/policies states the cancellation cut-off from the configuration and the privacy notice", async ({
  page,
}) => {
  await page.goto("/policies");
  await expect(
    page.getByRole("heading", { level: 1, name: "Cancellation and Privacy" }),
  ).toBeVisible();
  const cancellation = page.getByRole("region", { name: "Cancellation policy" });
  // MANAGE_CUTOFF_HOURS: 24 unless configured.
  await expect(cancellation).toContainText(
    `until ${process.env.MANAGE_CUTOFF_HOURS ?? 24} hours before it starts`,
  );
  const privacy = page.getByRole("region", { name: "Privacy notice" });
  for (const heading of ["What we keep", "For how long", "Having your details deleted"]) {
    await expect(privacy.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(privacy).toContainText("Messages from the contact form: 1 year.");
});
