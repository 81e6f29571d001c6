import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * A Brotli copy (`.br`, quality 11) beside each of the browser's scripts, made once at build
 * time: about 15 % smaller than the gzip the server would make per request, and no compressing
 * per request. server/precompressed-assets.ts sends it to browsers that accept Brotli.
 */
function brotliScripts(): Plugin {
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

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? // The SSR bundle's entry is our Express request handler, so the server build exports
      // `createApp` (see server/app.ts and server.ts).
      { rollupOptions: { input: "./server/app.ts" } }
    : {
        rolldownOptions: {
          output: {
            // The small modules every page shares (layout components, helpers, business facts,
            // the image manifest) travel as one file: a first visit makes fewer requests.
            codeSplitting: {
              groups: [
                {
                  name: "site",
                  test: /[\\/]app[\\/](components[\\/](?!booking|schedule-admin|contact-form)|lib[\\/]|content[\\/](business|images)\.ts)/,
                },
              ],
            },
          },
        },
      },
  plugins: isSsrBuild ? [reactRouter()] : [reactRouter(), brotliScripts()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
}));
