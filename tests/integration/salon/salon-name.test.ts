// The salon's name and phone as the owner keeps them ('Business Details'), in what the pages say
// of themselves (docs/product.md#business-facts): page titles, the contact page's description, the
// About heading and the blog's feed, through the production server. The first start's name must
// be gone from all of them once she has changed it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detailsFormOf } from "~/domain/salon/site-forms";
import { saveDetails } from "~/services/salon/details-form.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import {
  type AppServer,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";

const NEW_NAME = "Maple Row Nail Studio";
const SEED_NAME = "2 x 10 Nails &amp; Spa";

let store: ServerStore;
let server: AppServer;

beforeAll(async () => {
  store = await createServerStore();
  await withStoreDatabase(store, async (db) => {
    const { details } = await readSalonFacts(db);
    const saved = await saveDetails(db, {
      ...detailsFormOf(details),
      name: NEW_NAME,
      phone: "312-555-0177",
    });
    if (!saved.ok) throw new Error(JSON.stringify(saved));
  });
  server = await startAppServer(store);
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

async function html(path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];

describe("the owner's salon name", () => {
  it("is in every public page's title, and the first start's name in none", async () => {
    const pages = ["/", "/about", "/services", "/gallery", "/blog", "/reviews", "/contact"];
    for (const path of [...pages, "/locations", "/policies", "/login"]) {
      const page = await html(path);
      expect(titleOf(page), path).toContain(NEW_NAME);
      expect(page, path).not.toContain(`| ${SEED_NAME}`);
    }
  });

  it("and her phone describe the contact page; the About heading and the feed say her name", async () => {
    const contact = await html("/contact");
    const description = /<meta name="description" content="([^"]*)"/.exec(contact)?.[1];
    expect(description).toContain(NEW_NAME);
    expect(description).toContain("(312) 555-0177");
    expect(description).not.toContain("555-0142");
    expect((await html("/about")).replaceAll("<!-- -->", "")).toContain(
      `<h1>About ${NEW_NAME}</h1>`,
    );
    const feed = await html("/blog/feed.xml");
    expect(feed).toContain(`<title>${NEW_NAME} blog</title>`);
    expect(feed).toContain(`<author><name>${NEW_NAME}</name></author>`);
  });
});
