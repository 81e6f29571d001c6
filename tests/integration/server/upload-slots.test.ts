// An upload's place among the two a session and a client may have in flight
// (docs/security.md#upload-limits) is given back once its body has arrived and its answer has
// begun: a page whose answer is still streaming (the browser already shows it) does not hold it,
// and photos still being converted (no answer yet) do. Before, the place was held until the
// response closed, and a staff member who clicked on at once was refused with "Two uploads ...
// are still being sent". Tried on a plain HTTP server with the real slots and real sockets; the
// app's own uploads are tests/integration/site/upload-abuse.test.ts.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import { createUploadSlots, UPLOADS_BUSY_MESSAGE } from "../../../server/upload-slots";

const COOKIE = `${SESSION_COOKIE}=${"s".repeat(43)}`;
let server: http.Server;
let port = 0;
/** Answers still held open by the test: each was sent its whole body. */
const holding: http.ServerResponse[] = [];
/** Uploads to /site/gallery whose photos are "being converted": their answers not yet begun. */
const converting: (() => void)[] = [];

beforeAll(async () => {
  const slots = createUploadSlots({ stallMs: 5_000 });
  server = http.createServer((req, res) => {
    if (slots.admit(req, res, req.socket.remoteAddress ?? "")) return;
    req.resume();
    req.on("end", () => {
      // The head and the first of the page, then nothing until the test lets it end.
      const answer = () => {
        res.writeHead(200, { "Content-Type": "text/html" });
        res.write("<p>Shown already");
        holding.push(res);
      };
      if (req.url === "/site/gallery") converting.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  for (const res of holding) res.end();
  await new Promise((resolve) => server.close(resolve));
});

/** A multipart post to a Site page; `whole` sends its body to the end, else only a part. */
function upload(whole: boolean, path = "/site/blog/new") {
  const body = Buffer.from(
    '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nWinter Hands\r\n--b--\r\n',
  );
  const socket = net.connect(port, "127.0.0.1");
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${COOKIE}\r\n` +
      `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(whole ? body : body.subarray(0, 10));
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString();
  });
  /** The answer's head, once it came. */
  const answer = new Promise<string>((resolve) => {
    socket.on("data", () => text.includes("\r\n\r\n") && resolve(text));
    socket.on("close", () => resolve(text));
  });
  /** All of the answer, once the server closed the connection. */
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(text)));
  return { socket, answer, closed };
}

it("gives an upload's place back once its body arrived, while its answer is still open", async () => {
  // Two sent whole, their pages shown but not yet ended.
  const first = upload(true);
  const second = upload(true);
  expect(await first.answer).toMatch(/^HTTP\/1\.1 200/);
  expect(await second.answer).toMatch(/^HTTP\/1\.1 200/);
  expect(holding).toHaveLength(2);

  // A third from the same session and address is taken.
  const third = upload(false);
  // A fourth, while the third's body is still coming, is taken too (one place left) ...
  const fourth = upload(false);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // ... and a fifth is refused: two bodies are being sent.
  const fifth = upload(true);
  const refused = await fifth.closed;
  expect(refused).toMatch(/^HTTP\/1\.1 429/);
  expect(refused).toContain(UPLOADS_BUSY_MESSAGE);
  // The third's body arrives: its place is free for the next, whose page is then shown.
  third.socket.write(
    '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nWinter Hands\r\n--b--\r\n'.slice(
      10,
    ),
  );
  expect(await third.answer).toMatch(/^HTTP\/1\.1 200/);
  const sixth = upload(true);
  expect(await sixth.answer).toMatch(/^HTTP\/1\.1 200/);
  for (const { socket } of [first, second, third, fourth, sixth]) socket.destroy();
});

it("keeps an upload's place while its photos are converted, before its answer begins", async () => {
  for (const res of holding.splice(0)) res.end();
  // Two sent whole, still being converted: their places are held ...
  const first = upload(true, "/site/gallery");
  const second = upload(true, "/site/gallery");
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(converting).toHaveLength(2);
  const third = upload(true);
  const refused = await third.closed;
  expect(refused).toMatch(/^HTTP\/1\.1 429/);
  expect(refused).toContain(UPLOADS_BUSY_MESSAGE);
  // ... until one's answer begins.
  converting.shift()?.();
  expect(await first.answer).toMatch(/^HTTP\/1\.1 200/);
  const fourth = upload(true);
  expect(await fourth.answer).toMatch(/^HTTP\/1\.1 200/);
  converting.shift()?.();
  for (const { socket } of [first, second, fourth]) socket.destroy();
});
