// Reading a Site page's upload form (docs/security.md#uploads): a multipart post whose files are
// streamed through busboy into Buffers, each and all together at most UPLOAD_MAX_BYTES (the
// request guard has already refused a larger declared body, server/request-guard.ts). The text
// fields come back as a FormData, so an action reads them with parseForm as every other form.
//
//   const upload = await readUploadForm(request);
//   if (!upload.ok) return data({ message: upload.message }, upload.status);
//   parseForm(upload.form, Schema); upload.files  // [{ field, filename, bytes }]
//
// Call hitUploadLimit(db, context.clientAddress) first: uploads are the costliest thing staff do.
import { Readable } from "node:stream";
import busboy from "busboy";
import type { Database } from "../db/client.server";
import { uploadMaxBytes } from "../platform/env.server";
import { MAX_FORM_FIELDS } from "../platform/form.server";
import { hitRateLimit } from "../platform/rate-limit.server";

/** More photos than one upload needs; a phone's "select all" beyond it is told to send fewer. */
export const MAX_UPLOAD_FILES = 20;

export interface UploadedFile {
  /** The form field it came in ("photos"). */
  field: string;
  /** The name on the sender's device: shown back to staff only, never trusted for the type. */
  filename: string;
  bytes: Buffer;
}

export type UploadForm =
  | { ok: true; form: FormData; files: UploadedFile[] }
  | { ok: false; status: 400 | 413; message: string };

/** "The photo is larger than 20 MB": the refusal of an upload over the limit. */
export function tooLargeMessage(maxBytes = uploadMaxBytes()): string {
  const value = maxBytes / (1024 * 1024);
  return `The photo is larger than ${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

const UNREADABLE = { ok: false, status: 400, message: "The form could not be read." } as const;

/**
 * A multipart parser with the limits of an upload form; undefined when the Content-Type cannot be
 * parsed (no boundary), which busboy tells by throwing.
 */
function openParser(type: string, maxBytes: number): busboy.Busboy | undefined {
  try {
    return busboy({
      headers: { "content-type": type },
      limits: {
        fileSize: maxBytes,
        files: MAX_UPLOAD_FILES,
        fields: MAX_FORM_FIELDS,
        fieldSize: 100_000,
        parts: MAX_FORM_FIELDS + MAX_UPLOAD_FILES,
      },
    });
  } catch {
    return undefined;
  }
}

/**
 * The request's text fields and files. Files with no name and no bytes (a file input left empty)
 * are left out. Refuses a body that is not multipart, has more than MAX_UPLOAD_FILES files or
 * MAX_FORM_FIELDS fields, or a NUL in a field, with 400; files over `maxBytes` together with 413.
 */
export async function readUploadForm(
  request: Request,
  options: { maxBytes?: number } = {},
): Promise<UploadForm> {
  const maxBytes = options.maxBytes ?? uploadMaxBytes();
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) return UNREADABLE;
  const parser = openParser(type, maxBytes);
  if (!parser) return UNREADABLE;
  const form = new FormData();
  const files: UploadedFile[] = [];
  let total = 0;
  let refusal: UploadForm | undefined;
  const refuse = (result: UploadForm & { ok: false }) => {
    refusal ??= result;
  };
  const tooLarge = () =>
    refuse({ ok: false, status: 413, message: `${tooLargeMessage(maxBytes)}.` });

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated || name.includes("\u0000") || value.includes("\u0000")) {
      refuse(UNREADABLE);
      return;
    }
    form.append(name, value);
  });
  parser.on("file", (field, stream, info) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      total += chunk.length;
      if (total > maxBytes) {
        tooLarge();
        chunks.length = 0;
      } else if (!refusal) chunks.push(chunk);
    });
    stream.on("limit", tooLarge);
    stream.on("end", () => {
      if (refusal || (size === 0 && !info.filename)) return;
      if (info.filename?.includes("\u0000")) {
        refuse(UNREADABLE);
        return;
      }
      files.push({ field, filename: info.filename ?? "", bytes: Buffer.concat(chunks) });
    });
  });
  parser.on("filesLimit", () =>
    refuse({
      ok: false,
      status: 400,
      message: `At most ${MAX_UPLOAD_FILES} photos can be uploaded at once.`,
    }),
  );
  parser.on("fieldsLimit", () => refuse(UNREADABLE));
  parser.on("partsLimit", () => refuse(UNREADABLE));

  const finished = new Promise<void>((resolve, reject) => {
    parser.once("close", resolve);
    parser.once("error", reject);
  });
  try {
    Readable.fromWeb(request.body as import("node:stream/web").ReadableStream).pipe(parser);
    await finished;
  } catch {
    return refusal ?? UNREADABLE;
  }
  return refusal ?? { ok: true, form, files };
}

/** Uploads a client (an address, client-key.server.ts) may send in 10 minutes. */
export const UPLOAD_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

/**
 * Counts one upload of the client; false when over UPLOAD_LIMIT (answer 429 with the message of
 * UPLOAD_LIMITED_MESSAGE). Every state-changing endpoint has a limit; a photo costs seconds of work.
 */
export async function hitUploadLimit(db: Database, clientAddress: string): Promise<boolean> {
  return (await hitRateLimit(db, `upload:${clientAddress}`, UPLOAD_LIMIT)).allowed;
}

export const UPLOAD_LIMITED_MESSAGE =
  "Too many uploads from this connection in the last minutes: please wait a few minutes and try again.";
