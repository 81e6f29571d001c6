// A real SMTP server for tests (smtp-server), on 127.0.0.1 and a random port. It keeps every
// message it receives; stop() and start() again on the same port simulate an outage.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Header names in lower case, values unfolded and with encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  raw: string;
}

export interface TestSmtpServer {
  readonly port: number;
  readonly url: string;
  readonly received: ReceivedEmail[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `port` 0 (default) picks a free one; end-to-end tests pass the one the app was given. */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  let port = options.port ?? 0;
  let server: SMTPServer | undefined;

  const start = async () => {
    if (server) return;
    const instance = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no STARTTLS, whose self-signed certificate nodemailer would refuse.
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", callback);
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const headers = parseHeaders(raw);
          received.push({
            to: session.envelope.rcptTo.map((address) => address.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            headers,
            subject: headers.subject ?? "",
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      instance.server.once("error", reject);
      instance.listen(port, "127.0.0.1", () => {
        instance.server.off("error", reject);
        resolve();
      });
    });
    port = (instance.server.address() as AddressInfo).port;
    server = instance;
  };

  await start();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    start,
    async stop() {
      const instance = server;
      server = undefined;
      if (instance) await new Promise<void>((resolve) => instance.close(() => resolve()));
    },
  };
}

/** The header block, unfolded; RFC 2047 encoded words (=?UTF-8?Q|B?...?=) decoded. */
function parseHeaders(raw: string): Record<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset, encoding: string, text) => {
      if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
      const bytes = (text as string)
        .replace(/_/g, " ")
        .replace(/=([0-9A-Fa-f]{2})/g, (_hex, code: string) =>
          String.fromCharCode(Number.parseInt(code, 16)),
        );
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}
