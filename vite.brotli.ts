import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import type { Plugin } from "vite";

/**
 * A Brotli copy (`.br`, quality 11) beside each of the browser's scripts, made once at build
 * time: about 15 % smaller than the gzip the server would make per request, and no compressing
 * per request. server/precompressed-assets.ts sends it to browsers that accept Brotli.
 */
export function brotliScripts(): Plugin {
  return {
    name: "salon:brotli-scripts",
    apply: "build",
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!file.endsWith(".js") || !options.dir) continue;
        const path = join(options.dir, file);
        const source = readFileSync(path);
        const compressed = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        writeFileSync(`${path}.br`, compressed);
      }
    },
  };
}
