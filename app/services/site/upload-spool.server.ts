// Where an upload's files wait while the body is still coming (docs/security.md#upload-limits).
// A body that declares more than SPOOL_OVER_BYTES writes its files to a folder of its own under
// the system's temporary folder (TMPDIR), never to memory, so a client that sends slowly, or stops
// a byte short of the end, holds disk space the request's size and no more, and for at most
// UPLOAD_STALL_MS without progress; only once the whole body has arrived, and the action wants
// them, are the files read into memory, and the folder is removed whatever happens. A smaller body
// keeps its files in memory (at most its declared size): no disk work for a small photo.
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Bodies declaring more than this keep their files on disk while they come. */
export const SPOOL_OVER_BYTES = 1024 * 1024;

export interface SpooledFile {
  field: string;
  filename: string;
  /** The file on disk (mode 0600), or its bytes for a small body. */
  at: { file: string } | { bytes: Buffer };
  size: number;
}

export interface UploadSpool {
  /**
   * Keeps the part, telling `onChunk` of each piece; resolves once it is all kept, rejects when
   * the part fails (the client went away). The caller keeps an 'error' listener on the part from
   * the start: it may fail before its file is open.
   */
  add(
    field: string,
    filename: string,
    part: Readable,
    onChunk: (chunk: Buffer) => void,
  ): Promise<SpooledFile>;
  /** Reads the files, in the order they came, into memory. */
  read(
    files: readonly SpooledFile[],
  ): Promise<{ field: string; filename: string; bytes: Buffer }[]>;
  /** Removes the folder and every file in it. */
  remove(): Promise<void>;
}

/** The spool of a body of `declaredBytes` (its Content-Length; NaN when unknown: on disk). */
export function openUploadSpool(declaredBytes: number): UploadSpool {
  const onDisk = !(declaredBytes <= SPOOL_OVER_BYTES);
  let folder: Promise<string> | undefined;
  let count = 0;
  return {
    async add(field, filename, part, onChunk) {
      if (!onDisk) {
        const chunks: Buffer[] = [];
        // Async iteration reads with backpressure and throws when the part fails.
        for await (const chunk of part) {
          onChunk(chunk);
          chunks.push(chunk);
        }
        const bytes = Buffer.concat(chunks);
        return { field, filename, at: { bytes }, size: bytes.length };
      }
      folder ??= mkdtemp(path.join(os.tmpdir(), "salon-upload-"));
      const file = path.join(await folder, `part-${count++}`);
      let size = 0;
      // Listened to in the same tick as the pipe below: no piece flows before both listen.
      part.on("data", (chunk: Buffer) => {
        size += chunk.length;
        onChunk(chunk);
      });
      // Created new (wx), readable by this user only, from its first byte.
      await pipeline(part, createWriteStream(file, { flags: "wx", mode: 0o600 }));
      return { field, filename, at: { file }, size };
    },
    async read(files) {
      const read = [];
      for (const { field, filename, at } of files) {
        read.push({ field, filename, bytes: "bytes" in at ? at.bytes : await readFile(at.file) });
      }
      return read;
    },
    async remove() {
      if (!folder) return;
      const made = await folder.catch(() => undefined);
      if (made) await rm(made, { recursive: true, force: true });
    },
  };
}
