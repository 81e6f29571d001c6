// Posts written byte by byte over a socket of their own, as a client that stops, drops or stalls
// mid-body sends them (tests/integration/site/upload-abuse.test.ts): fetch cannot send half a body.
import net from "node:net";

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; bytes: Buffer };

/** A multipart body as a browser sends it, parts in the order given. */
export function multipart(parts: Part[]): { type: string; body: Buffer } {
  const boundary = `----salon${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      "value" in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`;
    chunks.push(Buffer.from(head));
    if (!("value" in part)) chunks.push(part.bytes, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

export interface RawUpload {
  socket: net.Socket;
  /** Resolves once the first `sendBytes` of the body are handed to the system. */
  sent: Promise<void>;
  /** The answer's status (0 if the connection closed without one) and text. */
  answer: Promise<{ status: number; text: string }>;
}

/** A post over a socket of its own, from `localAddress`, sending only part of its body. */
export function rawPost(
  path: string,
  cookie: string,
  form: { type: string; body: Buffer },
  options: { serverUrl: string; origin: string; sendBytes: number; localAddress?: string },
): RawUpload {
  const port = Number(new URL(options.serverUrl).port);
  const socket = net.connect({ host: "127.0.0.1", port, localAddress: options.localAddress });
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
  });
  socket.on("error", () => undefined);
  const answer = new Promise<{ status: number; text: string }>((resolve) => {
    socket.on("close", () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), text: received }),
    );
  });
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Cookie: ${cookie}`,
    `Origin: ${options.origin}`,
    `Content-Type: ${form.type}`,
    `Content-Length: ${form.body.length}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
  const sent = new Promise<void>((resolve) => {
    socket.once("connect", () => {
      socket.write(head);
      socket.write(form.body.subarray(0, options.sendBytes), () => resolve());
    });
  });
  return { socket, sent, answer };
}

/** A valid JPEG made over 1.5 MB by comment segments after its start (quick to convert). */
export function paddedJpeg(jpeg: Buffer): Buffer {
  const comment = Buffer.alloc(2 + 65_535, 0x20);
  comment.writeUInt16BE(0xfffe, 0);
  comment.writeUInt16BE(65_535, 2);
  const padding = Array.from({ length: 24 }, () => comment);
  return Buffer.concat([jpeg.subarray(0, 2), ...padding, jpeg.subarray(2)]);
}
