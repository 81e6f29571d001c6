import { readdirSync, writeFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";
import { brotliScripts } from "./vite.brotli.ts";

/**
 * The browser scripts of the island pages (docs/decisions/014-islands.md): /schedule's booking
 * form and /contact's form hydrate on their own, with React and React DOM but without React
 * Router's client, which plain-HTML chrome around them does not need. Built after React
 * Router's client into the same build/client/assets, so one static handler serves both. A new
 * island is its file in app/islands (`<name>-island.tsx`) and the name in its page's handle.
 */
export const ISLANDS: Readonly<Record<string, string>> = Object.fromEntries(
  readdirSync(new URL("./app/islands", import.meta.url))
    // Every `<name>-island.tsx` there is the island a page names in its handle (`island: "<name>"`);
    // hydrate.tsx is the helper they share.
    .filter((file) => file.endsWith("-island.tsx"))
    .map((file) => [file.slice(0, -"-island.tsx".length), `app/islands/${file}`]),
);

/** build/islands.json: each island's entry script and the shared chunks it imports. */
function islandsManifest(): Plugin {
  return {
    name: "salon:islands-manifest",
    apply: "build",
    writeBundle(_options, bundle) {
      const manifest: Record<string, { file: string; imports: string[] }> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry) continue;
        manifest[chunk.name] = {
          file: `/${chunk.fileName}`,
          imports: chunk.imports.map((file) => `/${file}`),
        };
      }
      writeFileSync("build/islands.json", `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  build: {
    outDir: "build/client",
    // React Router's client build is already there: keep it.
    emptyOutDir: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: ISLANDS,
      output: {
        entryFileNames: "assets/island-[name]-[hash].js",
        chunkFileNames: "assets/island-[name]-[hash].js",
        // What the islands share (React, React DOM, the overlays) is one file, cached across them.
        codeSplitting: {
          groups: [
            {
              name: "shared",
              test: /node_modules|[\\/]app[\\/](lib[\\/]|islands[\\/]hydrate|components[\\/](overlays|field|icons)\.tsx)/,
            },
          ],
        },
      },
    },
  },
  plugins: [brotliScripts(), islandsManifest()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
});
