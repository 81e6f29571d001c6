// A received email's parts as a mail app reads them (tests/support/smtp-server.ts keeps the raw
// message): its plain-text and HTML parts and its attachments, decoded from quoted-printable or
// base64. Enough MIME for what nodemailer writes (RFC 2045-2046): nested multiparts, leaf parts.

export interface MimeLeaf {
  contentType: string;
  /** The full Content-Type header, parameters included ("text/calendar; method=PUBLISH"). */
  contentTypeHeader: string;
  filename: string | undefined;
  body: string;
}

export interface MimeMessage {
  text: string | undefined;
  html: string | undefined;
  attachments: MimeLeaf[];
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function param(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, "i").exec(header);
  return match?.[1];
}

function decode(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const bytes: number[] = [];
      const soft = body.replace(/=\r?\n/g, "");
      for (let i = 0; i < soft.length; i++) {
        const hex = soft.slice(i + 1, i + 3);
        if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(soft[i] as string, "utf8"));
        }
      }
      return Buffer.from(bytes).toString("utf8");
    }
    default:
      return body;
  }
}

function leaves(raw: string): MimeLeaf[] {
  const { headers, body } = splitHead(raw);
  const header = headers["content-type"] ?? "text/plain";
  const contentType = (header.split(";")[0] ?? "").trim().toLowerCase();
  if (contentType.startsWith("multipart/")) {
    const boundary = param(header, "boundary");
    if (!boundary) return [];
    const parts = body.split(`--${boundary}`).slice(1);
    return parts
      .filter((part) => !part.startsWith("--"))
      .flatMap((part) => leaves(part.replace(/^\r?\n/, "")));
  }
  const disposition = headers["content-disposition"] ?? "";
  return [
    {
      contentType,
      contentTypeHeader: header,
      filename: param(disposition, "filename") ?? param(header, "name"),
      body: decode(body.replace(/\r?\n$/, ""), headers["content-transfer-encoding"]),
    },
  ];
}

export function readMimeMessage(raw: string): MimeMessage {
  const all = leaves(raw);
  const inline = (type: string) => all.find((leaf) => leaf.contentType === type && !leaf.filename);
  // Lines as a mail app shows them: SMTP carries CRLF.
  const lines = (body: string | undefined) => body?.replace(/\r\n/g, "\n");
  return {
    text: lines(inline("text/plain")?.body),
    html: lines(inline("text/html")?.body),
    attachments: all.filter((leaf) => leaf.filename !== undefined),
  };
}
