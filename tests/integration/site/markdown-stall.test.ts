// Rendering Markdown never stalls the server (issue 36, docs/security.md#markdown): before, one
// Staff account's Preview of `_a` x 49,990 held the event loop 15 s, and `GET /` (served from
// memory) and /healthz waited as long; `> ` x 49,000 answered 500. Through the built server: each
// hostile Preview is answered with a field error (or its preview) and never 5xx, `GET /` answers
// within 100 ms all the while (the typical one: see SLOWEST_GET_MS), and Previews and saves count against one limit per account.
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppServer,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { logIn, signInOwnerAndStaff } from "../../support/staff-accounts";

const PUBLIC_URL = "https://nails.example.com";
const STAFF = { email: "nia@example.com", password: "another long password" };
/** How long a visitor's `GET /` may wait while a Preview renders (the page is kept in memory). */
const GET_WAIT_MS = 100;
/**
 * No GET waits this long: a render on the event loop held every GET that came in meanwhile for
 * the whole render (2.9 s for `_a` x 14,999, 15 s for x 49,990). The typical GET is held to
 * GET_WAIT_MS; the slowest only to this, since on a machine this shared one GET in a hundred
 * waits over 100 ms with no Preview at all (the scheduler, not the server).
 */
const SLOWEST_GET_MS = 1_000;
/** A Preview takes at most the render's 2 s limit, plus a thread's start (up to 2 s, loaded). */
const PREVIEW_TIMEOUT_MS = 20_000;

let store: ServerStore;
let server: AppServer;
let staffCookie: string;
let ownerCookie: string;

beforeAll(async () => {
  store = await createServerStore();
  ({ ownerCookie } = await withStoreDatabase(store, (db) => signInOwnerAndStaff(db, STAFF.email)));
  server = await startAppServer(store, { PUBLIC_URL });
  staffCookie = await logIn(server.url, STAFF);
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

/** A new post's form as the browser sends it (multipart), with this body and button. */
function send(body: string, intent: string, as = { cookie: staffCookie, date: "2031-01-15" }) {
  const form = new FormData();
  const fields = { title: "Stall", author: "Nia", date: as.date, description: "", tags: "" };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("body", body);
  form.append("coverAlt", "");
  form.append("intent", intent);
  form.append("cover", new Blob([]), "");
  return fetch(`${server.url}/site/blog/new`, {
    method: "POST",
    headers: { Cookie: as.cookie, Origin: PUBLIC_URL },
    body: form,
    redirect: "manual",
  });
}

/** A visitor's `GET /`, read whole: how long it took. */
async function homeWait(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/`);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

/**
 * Sends a new post's Preview from a thread of its own, so that making the 100 KB form and reading
 * the answer never delay this thread's GETs: only the server can.
 */
function previewInThread(body: string): Promise<{ status: number; html: string }> {
  const code = `
    const { parentPort, workerData: { url, cookie, origin, body } } = require("node:worker_threads");
    const form = new FormData();
    const fields = { title: "Stall", author: "Nia", date: "2031-01-15", description: "", tags: "" };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("body", body);
    form.append("coverAlt", "");
    form.append("intent", "preview");
    form.append("cover", new Blob([]), "");
    fetch(url, { method: "POST", headers: { Cookie: cookie, Origin: origin }, body: form })
      .then(async (response) => parentPort.postMessage({ status: response.status, html: await response.text() }))
      // A connection the server dropped: no status, and why.
      .catch((error) => parentPort.postMessage({ status: 0, html: String(error.cause ?? error) }));
  `;
  const workerData = {
    url: `${server.url}/site/blog/new`,
    cookie: staffCookie,
    origin: PUBLIC_URL,
    body,
  };
  return new Promise((resolve, reject) => {
    const thread = new Worker(code, { eval: true, workerData });
    thread.once("message", (answer) => {
      resolve(answer);
      void thread.terminate();
    });
    thread.once("error", reject);
  });
}

/** Sends a Preview and, until it is answered, one `GET /` after another: the answer and waits. */
async function previewWhileVisiting(body: string) {
  const started = performance.now();
  let answered = false;
  const answer = previewInThread(body).then((response) => {
    answered = true;
    return { ...response, ms: performance.now() - started };
  });
  const waits: number[] = [];
  // Every GET started before the Preview was answered counts, however late it comes back.
  while (!answered) waits.push(await homeWait());
  const result = { ...(await answer), waits };
  console.info(
    `Preview of ${body.slice(0, 4)}... (${body.length} characters): ${result.status} in ${Math.round(result.ms)} ms;`,
    `${waits.length} GET / meanwhile, median ${Math.round([...waits].sort((a, b) => a - b)[Math.floor(waits.length / 2)] ?? 0)} ms,`,
    `slowest ${Math.round(Math.max(...waits))} ms`,
  );
  return result;
}

/** The visitor's `GET /` answered as quickly as ever while the Preview was in flight. */
function expectHomeNotHeld(waits: number[]) {
  const sorted = [...waits].sort((a, b) => a - b);
  expect(sorted.length).toBeGreaterThan(0);
  expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(GET_WAIT_MS);
  expect(sorted.at(-1)).toBeLessThan(SLOWEST_GET_MS);
}

/** The field error shown under 'Body'. */
const bodyError = (html: string) => /id="post-body-error"[^>]*>([^<]*)</.exec(html)?.[1];

const TOO_COMPLEX = "This text is too complex to show: simplify its formatting.";

describe("a Markdown Preview", () => {
  beforeAll(async () => {
    // The home page is kept in memory from its first request on.
    await homeWait();
  });

  it(
    "of `_a` x 49,990 is refused beside 'Body' for its length, and `GET /` never waits",
    async () => {
      const result = await previewWhileVisiting("_a".repeat(49_990));
      expect(result.status).toBe(400);
      expect(bodyError(result.html)).toBe("At most 30,000 characters");
      expectHomeNotHeld(result.waits);
    },
    PREVIEW_TIMEOUT_MS,
  );

  it(
    "of `_a` x 14,999 (within the limit) renders off the event loop: `GET /` never waits",
    async () => {
      const result = await previewWhileVisiting("_a".repeat(14_999));
      // Shown, or over the render's time limit on a busy machine: never a server error.
      if (result.status === 200) {
        expect(result.html).toContain('aria-labelledby="preview-title"');
      } else {
        expect(result.status).toBe(400);
        expect(bodyError(result.html)).toBe(TOO_COMPLEX);
      }
      // It ran for a while (up to the render's time limit), GETs answered all along.
      expect(result.waits.length).toBeGreaterThan(3);
      expectHomeNotHeld(result.waits);
    },
    PREVIEW_TIMEOUT_MS,
  );

  it(
    "of `> ` x 49,000 or quotes nested 2,000 deep is a field error, never 5xx",
    async () => {
      const long = await previewWhileVisiting("> ".repeat(49_000));
      expect(long.status).toBe(400);
      expect(bodyError(long.html)).toBe("At most 30,000 characters");
      const deep = await previewWhileVisiting(`${"> ".repeat(2_000)}x`);
      expect(deep.status).toBe(400);
      expect(bodyError(deep.html)).toBe(TOO_COMPLEX);
      expectHomeNotHeld(long.waits);
      expectHomeNotHeld(deep.waits);
    },
    PREVIEW_TIMEOUT_MS,
  );

  it("a post whose body cannot be rendered is not saved: the field error, nothing stored", async () => {
    const response = await send(`${"> ".repeat(2_000)}x`, "save-draft");
    expect(response.status).toBe(400);
    expect(bodyError(await response.text())).toBe(TOO_COMPLEX);
    const list = await (
      await fetch(`${server.url}/site/blog`, { headers: { Cookie: staffCookie } })
    ).text();
    expect(list).not.toContain("Stall");
  });
});

describe("Previews and saves", () => {
  it("share one limit per account: past 60 in 10 minutes, 429 with why; another account goes on", async () => {
    const windowOf = () => Math.floor(Date.now() / 600_000);
    const window = windowOf();
    // Five Previews and saves so far in this file.
    let sent = 5;
    let status = 0;
    let html = "";
    while (sent < 130) {
      // Saves of a day that does not exist: refused, nothing stored, yet counted.
      const save = { cookie: staffCookie, date: "2031-02-30" };
      const response = await (sent % 2 === 0
        ? send("Hello", "preview")
        : send("Hello", "save-draft", save));
      sent += 1;
      status = response.status;
      html = await response.text();
      if (status === 429) break;
    }
    expect(status).toBe(429);
    // The 61st in one window (a window that ended meanwhile starts a new count).
    if (windowOf() === window) expect(sent).toBe(61);
    expect(html).toContain("Too many previews and saves from this account in the last minutes");
    const owner = await send("Hello", "preview", { cookie: ownerCookie, date: "2031-01-15" });
    expect(owner.status).toBe(200);
  }, 120_000);
});
