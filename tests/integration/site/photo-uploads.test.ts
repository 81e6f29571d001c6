// Photo uploads through the built server (docs/product.md#gallery-and-photos,
// docs/security.md#uploads), as a Staff account: a phone's JPEG is stored without its GPS and
// shows on /gallery, once it has alt text, as AVIF and WebP with a srcset, every file served
// immutable and without metadata; a file named photo.jpg holding HTML, a 20,000 x 20,000 PNG and
// a 30 MB upload are refused and store nothing; the 30 MB upload's 413 reaches a client that
// sends its whole body (the body is read past, not cut off).
import http from "node:http";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryPhotos, staffActions } from "~/services/db/schema.server";
import {
  type AppServer,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { hugePngHeader, metadataOf, phoneJpeg } from "../../support/photo-files";
import { signInOwnerAndStaff } from "../../support/staff-accounts";

const PUBLIC_URL = "https://nails.example.com";
const STAFF_EMAIL = "ines@example.com";

let store: ServerStore;
let server: AppServer;
let staffCookie: string;

beforeAll(async () => {
  store = await createServerStore();
  ({ staffCookie } = await withStoreDatabase(store, (db) => signInOwnerAndStaff(db, STAFF_EMAIL)));
  server = await startAppServer(store, { PUBLIC_URL });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

// The running server holds the embedded database (one process per folder): what is stored is
// read from the staff page and the served files.
const visit = (path: string) => fetch(`${server.url}${path}`);

async function upload(files: { name: string; type: string; bytes: Buffer }[]) {
  const body = new FormData();
  for (const file of files) {
    body.append("photos", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  return fetch(`${server.url}/site/gallery`, {
    method: "POST",
    headers: { Cookie: staffCookie, Origin: PUBLIC_URL },
    body,
  });
}

async function send(fields: Record<string, string>) {
  return fetch(`${server.url}/site/gallery`, {
    method: "POST",
    headers: {
      Cookie: staffCookie,
      Origin: PUBLIC_URL,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The staff page's photos: their ids in order. */
async function staffIds(): Promise<string[]> {
  const page = await (
    await fetch(`${server.url}/site/gallery`, { headers: { Cookie: staffCookie } })
  ).text();
  return [...page.matchAll(/name="id" value="([0-9a-f-]{36})"/g)]
    .map((match) => match[1] as string)
    .filter((id, index, all) => all.indexOf(id) === index);
}

describe("the gallery", () => {
  it("shows the nine seeded designs on a first start", async () => {
    const page = await (await visit("/gallery")).text();
    expect(page.match(/<li><a[^>]*href="\/gallery-photo\?photo=/g)).toHaveLength(9);
    expect(page).toContain("Classic French");
    expect(page).toMatch(
      /<source type="image\/avif" srcSet="\/photos\/[0-9a-f]{20}-400\.avif 400w/,
    );
    expect(await staffIds()).toHaveLength(9);
    // The seeded designs keep the earlier site's addresses.
    expect(page).toContain('href="/gallery-photo?photo=classic-french"');
    const design = await visit("/gallery-photo?photo=classic-french");
    expect(design.status).toBe(200);
    expect(await design.text()).toContain("Classic French");
    expect((await visit("/gallery-photo?photo=no-such-design")).status).toBe(404);
    expect((await visit("/gallery-photo?photo=Bad%20Name")).status).toBe(404);
  });

  it("takes a phone's JPEG, strips its GPS, and shows it with its alt text once written", async () => {
    const before = await staffIds();
    const response = await upload([
      { name: "IMG_0420.jpg", type: "image/jpeg", bytes: await phoneJpeg() },
    ]);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Uploaded 1 photo.");
    const after = await staffIds();
    expect(after).toHaveLength(before.length + 1);
    const id = after[0] as string;
    expect(before).not.toContain(id);
    // Not on the site until it has its alt text.
    expect(await (await visit("/gallery")).text()).not.toContain(id);
    expect((await visit(`/gallery-photo?photo=${id}`)).status).toBe(404);

    const refused = await send({ intent: "save", id, alt: "  ", caption: "Chrome" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Write what the photo shows");

    const saved = await send({
      intent: "save",
      id,
      alt: "Glossy cherry red almond nails with a chrome finish",
      caption: "Cherry chrome",
    });
    expect(saved.status).toBe(200);
    const gallery = await (await visit("/gallery")).text();
    const item = gallery.slice(gallery.indexOf(`photo=${id}`));
    expect(item).toContain('alt="Glossy cherry red almond nails with a chrome finish"');
    // First in the gallery, as AVIF and WebP with a srcset, and a JPEG fallback.
    expect(gallery.indexOf(`photo=${id}`)).toBeLessThan(gallery.indexOf("Classic French"));
    const picture = item.slice(0, item.indexOf("</picture>"));
    const avif = /<source type="image\/avif" srcSet="([^"]+)"/.exec(picture)?.[1];
    const webp = /<source type="image\/webp" srcSet="([^"]+)"/.exec(picture)?.[1];
    const jpeg = /<img[^>]*srcSet="([^"]+)"/.exec(picture)?.[1];
    expect(avif).toMatch(/^\/photos\/[0-9a-f]{20}-480\.avif 480w, /);
    expect(webp).toMatch(/-480\.webp 480w/);
    expect(jpeg).toMatch(/-480\.jpg 480w/);
    expect(picture).toMatch(/width="900" height="1200"/);
    const urls = [avif, webp, jpeg].flatMap((set) =>
      (set ?? "").split(", ").map((entry) => entry.split(" ")[0] as string),
    );
    expect(urls).toHaveLength(6); // 480 and 900 wide, in three formats
    for (const url of urls) {
      const file = await visit(url);
      expect(file.status).toBe(200);
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const type = url.endsWith(".jpg") ? "image/jpeg" : `image/${url.split(".").at(-1)}`;
      expect(file.headers.get("content-type")).toBe(type);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(await metadataOf(bytes)).toMatchObject({
        exif: undefined,
        xmp: undefined,
        icc: undefined,
      });
      expect(bytes.toString("latin1")).not.toMatch(/PhonePro|GPS/);
    }
    // A signed-in browser gets the same immutable answer (photos are no one's private page).
    const asStaff = await fetch(`${server.url}${urls[0]}`, { headers: { Cookie: staffCookie } });
    expect(asStaff.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await visit(`/gallery-photo?photo=${id}`)).status).toBe(200);
    expect(await (await visit("/sitemap.xml")).text()).toContain(`/gallery-photo?photo=${id}`);

    // Hide, show, move, delete: each a change /gallery shows at once.
    await send({ intent: "hide", id });
    expect(await (await visit("/gallery")).text()).not.toContain(id);
    await send({ intent: "show", id });
    await send({ intent: "move-down", id });
    expect((await staffIds())[1]).toBe(id);
    await send({ intent: "delete", id });
    expect(await staffIds()).not.toContain(id);
    expect((await visit(urls[0] as string)).status).toBe(404);
  });

  it("refuses photo.jpg holding HTML, a 20,000 x 20,000 PNG, and no file, storing nothing", async () => {
    const before = await staffIds();
    const html = await upload([
      {
        name: "photo.jpg",
        type: "image/jpeg",
        bytes: Buffer.from("<html><body><script>alert(1)</script></body></html>"),
      },
    ]);
    expect(html.status).toBe(400);
    // Said beside the file input (its aria-describedby), not only "check the marked field".
    const page = await html.text();
    expect(page).toMatch(
      /<p id="gallery-photos-error"[^>]*>This file is not a photo: upload a JPEG, PNG or WebP image\.<\/p>/,
    );
    expect(page).toMatch(/aria-describedby="gallery-photos-hint gallery-photos-error"/);
    const huge = await upload([{ name: "huge.png", type: "image/png", bytes: hugePngHeader() }]);
    expect(huge.status).toBe(400);
    expect(await huge.text()).toContain("the largest accepted is 40 megapixels");
    // One bad file among good ones refuses the whole upload.
    const mixed = await upload([
      { name: "good.jpg", type: "image/jpeg", bytes: await phoneJpeg({ colour: "#336699" }) },
      { name: "notes.jpg", type: "image/jpeg", bytes: Buffer.from("not a photo") },
    ]);
    expect(mixed.status).toBe(400);
    expect(await mixed.text()).toContain("notes.jpg: This file is not a photo");
    expect(await staffIds()).toEqual(before);
  });
});

/**
 * Posts `size` bytes of multipart body with http as a browser on a real network does: a megabyte
 * at a time with a pause between, so the server's answer comes while it is still sending.
 * Resolves once the whole body went out and the answer was read; rejects if the connection was
 * cut meanwhile (what a browser shows as a reset connection instead of the answer).
 */
function rawUpload(
  size: number,
  headers: Record<string, string>,
  options: { whole: boolean; path?: string } = { whole: true },
): Promise<{ status: number; body: string }> {
  const boundary = "----salon-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(options.path ?? "/site/gallery", server.url);
  return new Promise((resolve, reject) => {
    let answer: { status: number; body: string } | undefined;
    let sent = false;
    const settle = () => {
      if (answer && (sent || !options.whole)) resolve(answer);
    };
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(size),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          answer = { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() };
          settle();
        });
      },
    );
    request.on("error", reject);
    // Closed before the body was all sent, or without an answer.
    request.on("close", () =>
      reject(new Error(answer ? "The connection closed while the body was sent" : "No answer")),
    );
    request.on("finish", () => {
      sent = true;
      settle();
    });
    request.write(head);
    const chunk = Buffer.alloc(1024 * 1024, 0xff);
    let left = size - head.length - tail.length;
    const pump = () => {
      if (request.destroyed) return;
      if (left <= 0) {
        request.end(tail);
        return;
      }
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      request.write(part, () => setTimeout(pump, 10));
    };
    pump();
  });
}

describe("upload size", () => {
  it("answers a 30 MB upload 413 with the page's message, after reading it, storing nothing", async () => {
    const before = await staffIds();
    const answer = await rawUpload(30 * 1024 * 1024, { Cookie: staffCookie, Origin: PUBLIC_URL });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("The photo is larger than 20 MB");
    // The site's own page: its colours, and the salon's name as Business Details say it now.
    expect(answer.body).toContain(
      "<title>The photo is larger than 20 MB | 2 x 10 Nails &#38; Spa</title>",
    );
    expect(answer.body).toContain('<span class="name">2 x 10 Nails &#38; Spa</span>');
    expect(answer.body).toContain("background:#faf6f1");
    expect(await staffIds()).toEqual(before);
    // The server goes on answering.
    expect((await visit("/healthz")).status).toBe(200);
  });

  it("keeps the 64 KB limit for a multipart post without a staff session, or to another page", async () => {
    // Not a photo upload: answered at once, the connection closed without reading on.
    const anonymous = await rawUpload(200 * 1024, { Origin: PUBLIC_URL }, { whole: false });
    expect(anonymous.status).toBe(413);
    expect(anonymous.body).toBe("Refused: what was sent is too large.");
    const elsewhere = await rawUpload(
      200 * 1024,
      { Cookie: staffCookie, Origin: PUBLIC_URL },
      { whole: false, path: "/site/reviews" },
    );
    expect(elsewhere.status).toBe(413);
  });
});

describe("deleting a photo", () => {
  it("asks first: 'confirm-delete' answers 'Delete this photo?' and changes nothing", async () => {
    const [first] = await staffIds();
    const before = await staffIds();
    const asked = await send({ intent: "confirm-delete", id: first as string });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain("Delete this photo?");
    expect(page).toMatch(/<dialog[^>]*open=""/);
    expect(page).toContain("Yes, Delete");
    expect(await staffIds()).toEqual(before);
  });
});

describe("the activity log", () => {
  it("has one record per change in the staff member's name, none for a refusal", async () => {
    await server.stop();
    const { actions, rows, orphans } = await withStoreDatabase(store, async (db) => ({
      actions: await db
        .select()
        .from(staffActions)
        .where(eq(staffActions.actorEmail, STAFF_EMAIL))
        .orderBy(asc(staffActions.at)),
      rows: await db.select({ id: galleryPhotos.id }).from(galleryPhotos),
      // Photos nothing uses (no gallery row, post cover or page text).
      orphans: (
        (await db.execute(
          sql`select id from photos p where not exists (select 1 from gallery_photos g where g.photo_id = p.id)
                and not exists (select 1 from blog_posts b where b.cover_photo_id = p.id)
                and not exists (select 1 from page_texts t where t.photo_id = p.id)`,
        )) as unknown as { rows: unknown[] }
      ).rows,
    }));
    const alt = 'the gallery photo "Glossy cherry red almond nails with a chrome finish"';
    expect(actions.map((action) => action.action)).toEqual([
      "Uploaded 1 photo to the gallery",
      `Changed the alt text and caption of ${alt}`,
      `Hid ${alt}`,
      `Showed ${alt}`,
      `Moved ${alt} down`,
      `Deleted ${alt}`,
    ]);
    // The nine seeded designs, and no photo left behind by a refused or deleted upload.
    expect(rows).toHaveLength(9);
    expect(orphans).toEqual([]);
  });
});
