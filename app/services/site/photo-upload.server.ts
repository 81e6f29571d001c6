// Reading a Site page's upload form (docs/security.md#uploads): a multipart post whose files are
// streamed through busboy to disk while the body comes (upload-spool.server.ts), fields and files
// together at most UPLOAD_MAX_BYTES, counted as they arrive (the request guard has already
// refused a larger declared body, server/request-guard.ts), and read into Buffers once it is
// complete. The text fields come back as a FormData, so an action reads them with parseForm as
// every other form.
//
//   const upload = await readUploadForm(request);
//   if (!upload.ok) return data({ message: upload.message }, UPLOAD_REFUSAL_STATUS[upload.kind]);
//   parseForm(upload.form, Schema); upload.files  // [{ field, filename, bytes }]
//
// Call hitUploadLimit(db, context.clientAddress) first: uploads are the costliest thing staff do.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { Database } from "../db/client.server";
import { uploadMaxBytes } from "../platform/env.server";
import { MAX_FORM_FIELDS } from "../platform/form.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { RATE_LIMITS } from "../platform/rate-limits.server";
import { openUploadSpool, type SpooledFile, type UploadSpool } from "./upload-spool.server";

/** More photos than one upload needs; a phone's "select all" beyond it is told to send fewer. */
export const MAX_UPLOAD_FILES = 20;

export interface UploadedFile {
  /** The form field it came in ("photos"). */
  field: string;
  /** The name on the sender's device: shown back to staff only, never trusted for the type. */
  filename: string;
  bytes: Buffer;
}

/**
 * Why an upload form was not read: the route answers each with its status
 * (app/lib/upload-status.server.ts): services return values, routes make HTTP (issue 37).
 */
export type UploadRefusal = "unreadable" | "too-large" | "too-many-files";

export type UploadForm =
  | { ok: true; form: FormData; files: UploadedFile[] }
  | { ok: false; kind: UploadRefusal; message: string };

/** "The photo is larger than 20 MB": the refusal of an upload over the limit. */
export function tooLargeMessage(maxBytes = uploadMaxBytes()): string {
  const value = maxBytes / (1024 * 1024);
  return `The photo is larger than ${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

/**
 * What a Site page's upload form checks before it sends anything: the largest body, and what it
 * says of a larger choice (the server's 413 then stays for everyone else, server/request-guard.ts).
 */
export function uploadLimitForBrowser(maxBytes = uploadMaxBytes()) {
  return {
    maxBytes,
    tooLarge: `${tooLargeMessage(maxBytes)} in all: nothing was sent. Choose a smaller photo, or fewer at once.`,
  };
}

const UNREADABLE = {
  ok: false,
  kind: "unreadable",
  message: "The form could not be read.",
} as const;

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

/** The text fields of an upload form, together: far more than any of its forms needs. */
export const MAX_UPLOAD_FIELD_BYTES = 1024 * 1024;

/**
 * The request's text fields and files. Files with no name and no bytes (a file input left empty)
 * are left out. Refuses a body that is not multipart, has more than MAX_UPLOAD_FILES files or
 * MAX_FORM_FIELDS fields (or over MAX_UPLOAD_FIELD_BYTES of them), or a NUL in a field, as
 * unreadable or too many files; a body over `maxBytes` (files and fields, counted as they arrive)
 * as too large.
 *
 * Files of a body over SPOOL_OVER_BYTES (1 MB) wait on disk until it is complete
 * (upload-spool.server.ts), and are read into memory only when `keepFiles` says the form stores them (docs/security.md#upload-limits): it is
 * asked with the fields read so far as each file starts (a "no" drains the file unkept) and with
 * all of them at the end. A client that goes away mid-body ends this read as unreadable, never the
 * process: every stream in between has its error handled.
 */
export async function readUploadForm(
  request: Request,
  options: { maxBytes?: number; keepFiles?: (form: FormData) => boolean } = {},
): Promise<UploadForm> {
  const maxBytes = options.maxBytes ?? uploadMaxBytes();
  const keepFiles = options.keepFiles ?? (() => true);
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) return UNREADABLE;
  const parser = openParser(type, maxBytes);
  if (!parser) return UNREADABLE;
  const spool = openUploadSpool(Number(request.headers.get("Content-Length") ?? Number.NaN));
  const parts = collectParts(parser, spool, maxBytes, keepFiles);
  try {
    // pipeline, not pipe: a failing request body (ECONNRESET when the client goes away) destroys
    // the parser and rejects here; with pipe its 'error' had no listener and ended the process.
    await pipeline(
      Readable.fromWeb(request.body as import("node:stream/web").ReadableStream),
      parser,
    );
    const files = await Promise.all(parts.spooled);
    const refusal = parts.refusal();
    if (refusal) return refusal;
    if (files.includes(undefined)) return UNREADABLE;
    const kept = keepFiles(parts.form)
      ? files.filter((file): file is SpooledFile => !!file && (file.size > 0 || !!file.filename))
      : [];
    return { ok: true, form: parts.form, files: await spool.read(kept) };
  } catch {
    return parts.refusal() ?? UNREADABLE;
  } finally {
    // The parts still being written end with the request; then nothing of it stays on disk.
    await Promise.all(parts.spooled);
    await spool.remove();
  }
}

/**
 * Listens to the parser: the fields into a FormData, the files kept to the spool (undefined when
 * one failed), everything counted against `maxBytes` as it arrives, and the first refusal.
 */
function collectParts(
  parser: busboy.Busboy,
  spool: UploadSpool,
  maxBytes: number,
  keepFiles: (form: FormData) => boolean,
) {
  const form = new FormData();
  const spooled: Promise<SpooledFile | undefined>[] = [];
  let total = 0;
  let fieldBytes = 0;
  let refusal: (UploadForm & { ok: false }) | undefined;
  const refuse = (result: UploadForm & { ok: false }) => {
    refusal ??= result;
  };
  const tooLarge = () =>
    refuse({ ok: false, kind: "too-large", message: `${tooLargeMessage(maxBytes)}.` });
  const count = (bytes: number) => {
    total += bytes;
    if (total > maxBytes) tooLarge();
  };

  parser.on("field", (name, value, info) => {
    const bytes = Buffer.byteLength(name) + Buffer.byteLength(value);
    count(bytes);
    fieldBytes += bytes;
    if (fieldBytes > MAX_UPLOAD_FIELD_BYTES) refuse(UNREADABLE);
    if (info.valueTruncated || name.includes("\u0000") || value.includes("\u0000")) {
      refuse(UNREADABLE);
    }
    if (!refusal) form.append(name, value);
  });
  parser.on("file", (field, stream, info) => {
    // The parser fails its open file when the request does (the client went away): handled here
    // from the start, so it can never be an uncaught 'error' that ends the process.
    stream.on("error", () => undefined);
    stream.on("limit", tooLarge);
    if (refusal || !keepFiles(form)) {
      // Not kept: read past, counted, dropped.
      stream.on("data", (chunk: Buffer) => count(chunk.length));
      stream.resume();
      return;
    }
    const filename = info.filename ?? "";
    if (filename.includes("\u0000")) refuse(UNREADABLE);
    spooled.push(
      spool.add(field, filename, stream, (chunk) => count(chunk.length)).catch(() => undefined),
    );
  });
  parser.on("filesLimit", () =>
    refuse({
      ok: false,
      kind: "too-many-files",
      message: `At most ${MAX_UPLOAD_FILES} photos can be uploaded at once.`,
    }),
  );
  parser.on("fieldsLimit", () => refuse(UNREADABLE));
  parser.on("partsLimit", () => refuse(UNREADABLE));
  return { form, spooled, refusal: () => refusal };
}

/** Uploads a client (an address, client-key.server.ts) may send in 10 minutes. */
export const UPLOAD_LIMIT = RATE_LIMITS.upload;

/**
 * Counts one upload of the client; false when over UPLOAD_LIMIT (the route answers 429 with
 * UPLOAD_LIMITED_MESSAGE). Every state-changing endpoint has a limit; a photo costs seconds of work.
 */
export async function hitUploadLimit(db: Database, clientAddress: string): Promise<boolean> {
  return (await hitRateLimit(db, `upload:${clientAddress}`, UPLOAD_LIMIT)).allowed;
}

export const UPLOAD_LIMITED_MESSAGE =
  "Too many uploads from this connection in the last minutes: please wait a few minutes and try again.";
