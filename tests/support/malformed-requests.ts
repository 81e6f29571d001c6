// Generated malformed requests for the form actions (tests/integration/server/bad-input.test.ts): a
// seeded generator, so a failure is reproduced by running the test again. Every request is
// invalid on purpose: a target's `breakers` make one field certainly wrong (missing, oversized,
// wrong type, wrong format), the other fields carry noise (unicode, script, SQL-looking text),
// and the request itself may use a wrong method or a malformed body encoding.
import http from "node:http";

/** mulberry32: a small, fast, seedable PRNG (plenty for test data; not for secrets). */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
}

export const UNICODE = [
  "Zoë Ñúñez-Ødegård",
  "李小龙",
  "مرحبا بالعالم",
  "👩🏽‍🎨💅🏿✨",
  "\u200b\u200d\ufeff",
  "e\u0301\u0301\u0301\u0301",
  "\u202eevil.exe",
  "Ｆｕｌｌ　ｗｉｄｔｈ",
  "\ud800 lone surrogate",
  "nul\u0000byte",
  "\u0007\u001b[31mred",
  "𝕬𝖓𝖆",
  "line\r\nbreak: injected",
  "\u00a0\u2028\u2029",
] as const;

export const SCRIPT = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(document.cookie)",
  "<svg/onload=alert(1)>",
  "{{7*7}}$" + "{7*7}<%= 7*7 %>", // template injection, written in two parts for the linter
  "</textarea></dialog><script src=//evil.example>",
  "__proto__",
  "constructor[prototype][polluted]=1",
] as const;

export const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE appointments; --",
  "1; SELECT pg_sleep(10) --",
  '" OR ""="',
  "admin'--",
  "1 UNION SELECT password_hash FROM staff_users",
  "%' AND 1=1 --",
  "$$; truncate contact_entries; $$",
] as const;

const WRONG_TYPES = [
  "0",
  "-1",
  "1e309",
  "NaN",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "[object Object]",
  "9".repeat(40),
  "2026-02-30",
  "99:99",
  "../../etc/passwd",
] as const;

const BLANK = ["", " ", "\t\n", "\u00a0\u3000"] as const;

/** Text of one of the listed kinds. */
export function noise(random: Random): string {
  const kind = random.int(0, 5);
  if (kind === 0) return random.pick(UNICODE);
  if (kind === 1) return random.pick(SCRIPT);
  if (kind === 2) return random.pick(SQL);
  if (kind === 3) return random.pick(WRONG_TYPES);
  if (kind === 4) return random.pick(BLANK);
  return `${random.pick(UNICODE)} ${random.pick(SCRIPT)} ${random.pick(SQL)}`;
}

/**
 * Non-blank text longer than `max` characters after trimming, sometimes far longer. Characters
 * are code points, as zod and PostgreSQL's char_length count them ("💅" is one, not two).
 */
function oversized(random: Random, max: number): string {
  const length = random.chance(0.01) ? random.int(100_000, 300_000) : max + random.int(1, 3000);
  const unit = Array.from(random.pick(["x", "é", "💅", "<script>", "' OR 1=1 --"]));
  const text = Array.from({ length }, (_, i) => unit[i % unit.length]).join("");
  // Ends in "x": trimming the end cannot bring it back under the limit.
  return `${text}x`;
}

/** Text that is certainly not an email address (no "@"). */
export function notAnEmail(random: Random): string {
  return random
    .pick(["ana.example.com", "ana at example dot com", ...SQL, ...SCRIPT, ...UNICODE])
    .replaceAll("@", "");
}

/** Text that is certainly not a UUID. */
export function notAnId(random: Random): string {
  return random.pick([
    "",
    "1",
    "-1",
    "00000000-0000-0000-0000-00000000000g",
    "00000000-0000-0000-0000-0000000000000",
    "{00000000-0000-0000-0000-000000000000}",
    "not-an-id",
    ...SQL,
    ...SCRIPT,
    ...UNICODE,
  ]);
}

/** A file part where the action expects text. */
interface FilePart {
  file: string;
  filename: string;
  type: string;
}
type FieldValue = string | FilePart;
/** Field name to its values (several: the name repeats, as a form may send it). */
type Fields = Map<string, FieldValue[]>;

function fieldsOf(values: Record<string, FieldValue | undefined>): Fields {
  const fields: Fields = new Map();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) fields.set(name, [value]);
  }
  return fields;
}

/** One way to make a form certainly invalid (mutates the fields). */
export type Breaker = (fields: Fields, random: Random) => void;

export const breakers = {
  missing:
    (name: string): Breaker =>
    (fields) => {
      fields.delete(name);
    },
  blank:
    (name: string): Breaker =>
    (fields, random) => {
      fields.set(name, [random.pick(BLANK)]);
    },
  oversized:
    (name: string, max: number): Breaker =>
    (fields, random) => {
      fields.set(name, [oversized(random, max)]);
    },
  /** A file where text belongs: the action reads it as absent. */
  file:
    (name: string): Breaker =>
    (fields, random) => {
      fields.set(name, [
        {
          file: noise(random),
          filename: random.pick(["a.txt", "../../x.sh", "李.png"]),
          type: "text/plain",
        },
      ]);
    },
  /** A NUL character, which PostgreSQL text cannot hold, in otherwise ordinary text. */
  nul:
    (name: string): Breaker =>
    (fields, random) => {
      fields.set(name, [
        `${random.pick(["Ana", "", "2026-05-02"])}\u0000${random.pick(["", "x"])}`,
      ]);
    },
  value:
    (name: string, make: (random: Random) => string): Breaker =>
    (fields, random) => {
      fields.set(name, [make(random)]);
    },
};

/** A target's form: plausible values per field, and the ways to break it. */
export interface FormShape {
  /** Values a real form would send for each field (before noise and breaking). */
  plausible(random: Random): Record<string, FieldValue | undefined>;
  /** At least one is applied to every generated form. */
  breakers: Breaker[];
}

/**
 * Plausible values with noise mixed in and extra fields, then broken at least once. `broken`
 * names the fields the breakers changed: a corrupted encoding must leave them alone, or it could
 * mend them (a blank field with a stray byte in it is no longer blank).
 */
function malformedFields(
  shape: FormShape,
  random: Random,
): { fields: Fields; broken: Set<string> } {
  const fields = fieldsOf(shape.plausible(random));
  for (const [name, values] of fields) {
    if (random.chance(0.35)) values[0] = noise(random);
    if (random.chance(0.1)) values.push(noise(random)); // the name repeated
    fields.set(name, values);
  }
  if (random.chance(0.2))
    fields.set(random.pick(["extra", "__proto__", "", "a[b]", "💅"]), [noise(random)]);
  const unbroken = new Map([...fields].map(([name, values]) => [name, JSON.stringify(values)]));
  const rounds = random.chance(0.7) ? 1 : random.int(2, 3);
  for (let round = 0; round < rounds; round++) random.pick(shape.breakers)(fields, random);
  const broken = new Set(
    [...new Set([...unbroken.keys(), ...fields.keys()])].filter(
      (name) => unbroken.get(name) !== JSON.stringify(fields.get(name)),
    ),
  );
  return { fields, broken };
}

/**
 * Sends one request on a connection of its own (a refused request whose body was not read must
 * not disturb the next one) and resolves with the status once the whole response has arrived, or
 * 0 when the server closed the connection on a body it refused unread. Rejects when the
 * connection fails otherwise or the response breaks off.
 */
export function send(
  origin: string,
  request: MalformedRequest,
  extraHeaders: Record<string, string>,
) {
  return new Promise<number>((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers, ...extraHeaders };
    // Node's client frames a DELETE or OPTIONS body only when told its length.
    if (request.body) headers["Content-Length"] = String(request.body.byteLength);
    const outgoing = http.request(
      new URL(request.path, origin),
      { method: request.method, headers, agent: false },
      (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
        response.on("aborted", () => reject(new Error("response aborted")));
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      // A request refused unread is answered and its connection closed (server.ts, "answered
      // before its body was read"): a client still writing the body then fails (EPIPE) and may
      // never read the answer. The server refused it, as it should: status 0, "closed unread".
      if (error.code === "EPIPE") resolve(0);
      else reject(error);
    });
    outgoing.end(request.body);
  });
}

interface MalformedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
  /** What was done, for the report of a failure. */
  label: string;
}

const encoder = new TextEncoder();
const ampersand = encoder.encode("&");

function urlEncoded(fields: Fields): string {
  const params = new URLSearchParams();
  for (const [name, values] of fields) {
    // A file cannot travel in these encodings: the field is then simply absent (still invalid).
    for (const value of values) if (typeof value === "string") params.append(name, value);
  }
  return params.toString();
}

async function multipart(
  fields: Fields,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const form = new FormData();
  for (const [name, values] of fields) {
    for (const value of values) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, new Blob([value.file], { type: value.type }), value.filename);
    }
  }
  const response = new Response(form);
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    type: response.headers.get("Content-Type") ?? "multipart/form-data",
  };
}

const BAD_ESCAPES = ["%", "%G1", "%E0%A4%A", "%C0%AF", "%FF%FE", "%00", "%%%", "+%2"];
const BAD_BYTES = [
  [0xff, 0xfe, 0xfd],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x00],
];

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The body in one of the encodings a browser uses, or a malformed one. */
async function encodeBody(
  fields: Fields,
  broken: Set<string>,
  random: Random,
): Promise<{ body: Uint8Array<ArrayBuffer>; headers: Record<string, string>; label: string }> {
  const form = "application/x-www-form-urlencoded";
  const kind = random.int(0, 11);
  switch (kind) {
    case 0:
    case 1:
    case 2:
      return {
        body: encoder.encode(urlEncoded(fields)),
        headers: { "Content-Type": form },
        label: "urlencoded",
      };
    case 3:
    case 4: {
      const { bytes, type } = await multipart(fields);
      return { body: bytes, headers: { "Content-Type": type }, label: "multipart" };
    }
    case 5:
    case 6: {
      // Bad percent escapes, or raw bytes that are not UTF-8, inside the value of a field that
      // was not broken on purpose (see malformedFields).
      const pairs = [...fields].flatMap(([name, values]) =>
        values
          .filter((v): v is string => typeof v === "string")
          .map((v) => ({ name, text: new URLSearchParams([[name, v]]).toString() })),
      );
      const open = pairs.filter((pair) => !broken.has(pair.name));
      const target = open.length > 0 ? random.pick(open) : undefined;
      const parts = pairs.map((pair) => {
        const bytes = encoder.encode(pair.text);
        if (pair !== target) return bytes;
        const at = random.int(pair.text.indexOf("=") + 1, pair.text.length);
        const garbage =
          kind === 5
            ? encoder.encode(random.pick(BAD_ESCAPES))
            : new Uint8Array(random.pick(BAD_BYTES));
        return concat(bytes.slice(0, at), garbage, bytes.slice(at));
      });
      const body = concat(...parts.flatMap((part, i) => (i === 0 ? [part] : [ampersand, part])));
      return {
        body,
        headers: { "Content-Type": kind === 5 ? form : `${form}; charset=utf-8` },
        label: kind === 5 ? "bad escapes" : "invalid UTF-8",
      };
    }
    case 7: {
      // Multipart cut short, or with a boundary that does not match the body.
      const { bytes, type } = await multipart(fields);
      if (random.chance(0.5)) {
        return {
          body: bytes.slice(0, random.int(0, bytes.length - 1)),
          headers: { "Content-Type": type },
          label: "truncated multipart",
        };
      }
      return {
        body: bytes,
        headers: {
          "Content-Type": random.pick([
            "multipart/form-data",
            "multipart/form-data; boundary=nope",
            "multipart/form-data; boundary=",
          ]),
        },
        label: "wrong boundary",
      };
    }
    case 8: {
      const object = Object.fromEntries(
        [...fields].map(([name, values]) => [name, values.filter((v) => typeof v === "string")]),
      );
      return {
        body: encoder.encode(random.chance(0.8) ? JSON.stringify(object) : '{"name": [unclosed'),
        headers: { "Content-Type": "application/json" },
        label: "JSON",
      };
    }
    case 9:
      return {
        body: encoder.encode(
          [...fields]
            .map(([name, values]) => `${name}=${values.filter((v) => typeof v === "string")[0]}`)
            .join("\n"),
        ),
        headers: { "Content-Type": random.pick(["text/plain", "application/xml", "image/png"]) },
        label: "wrong content type",
      };
    case 10:
      return {
        body: encoder.encode(urlEncoded(fields)),
        headers: random.chance(0.5) ? {} : { "Content-Type": `${form}; charset=utf-16le` },
        label: "no or wrong charset",
      };
    default:
      return {
        body: encoder.encode(urlEncoded(fields)),
        headers: {
          "Content-Type": form,
          "Content-Encoding": random.pick(["gzip", "br", "deflate"]),
        },
        label: "claims compression",
      };
  }
}

/**
 * One malformed request to the action at `path`. `scriptPath` is where the page's JavaScript
 * posts: its .data URL for React Router's fetchers, or an island's JSON endpoint.
 */
export async function malformedRequest(
  path: string,
  shape: FormShape,
  random: Random,
  scriptPath = `${path}.data`,
): Promise<MalformedRequest> {
  const { fields, broken } = malformedFields(shape, random);
  // The browser posts with JavaScript (the usual case) or to the page itself (without). A page
  // answer is rendered HTML, ten times the work: one request in eight.
  const roll = random.next();
  const url =
    roll < 0.875
      ? random.pick([scriptPath, scriptPath, scriptPath, `${scriptPath}?x=1`, `${scriptPath}/`])
      : random.pick([path, path, `${path}?index`, `${path}/`, `${path}?_data=x`]);
  const methodRoll = random.next();
  if (methodRoll < 0.05) {
    // A read with the form in the address: the loader must cope with it.
    const query = urlEncoded(fields).slice(0, 6000);
    return {
      method: random.pick(["GET", "HEAD"]),
      path: `${url}?${query}`,
      headers: {},
      label: "GET with form",
    };
  }
  if (methodRoll < 0.07) {
    return { method: "OPTIONS", path: url, headers: {}, label: "OPTIONS" };
  }
  const method = methodRoll < 0.17 ? random.pick(["PUT", "PATCH", "DELETE"]) : "POST";
  const { body, headers, label } = await encodeBody(fields, broken, random);
  return { method, path: url, headers, body, label: `${method} ${label}` };
}
