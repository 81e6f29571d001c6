// Where an upload's files wait while the body is still coming (docs/security.md#upload-limits):
// in a folder of their own under the system's temporary folder (TMPDIR), never in memory, so a
// client that sends slowly, or stops a byte short of the end, holds disk space the request's
// size and no more, and for at most UPLOAD_STALL_MS without progress. Only once the whole body
// has arrived, and the action wants them, are the files read into memory; the folder is removed
// whatever happens.

import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface SpooledFile {
  field: string;
  filename: string;
  /** The file on disk, mode 0600. */
  file: string;
  size: number;
}

export interface UploadSpool {
  /**
   * Writes the part to its own file, telling `onChunk` of each piece; resolves once it is all on
   * disk, rejects when the part fails (the client went away). The caller keeps an 'error'
   * listener on the part from the start: it may fail before its file is open.
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

export function openUploadSpool(): UploadSpool {
  let folder: Promise<string> | undefined;
  let count = 0;
  return {
    async add(field, filename, part, onChunk) {
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
      return { field, filename, file, size };
    },
    async read(files) {
      const read = [];
      for (const spooled of files) {
        read.push({
          field: spooled.field,
          filename: spooled.filename,
          bytes: await readFile(spooled.file),
        });
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
