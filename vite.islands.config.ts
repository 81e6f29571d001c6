import { readdirSync, writeFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";
import { brotliScripts } from "./vite.brotli.ts";

/**
 * The browser scripts of the island pages (docs/decisions/014-islands.md): /schedule's booking
 * form and /contact's form hydrate on their own, without React Router's client, which the
 * plain-HTML chrome around them does not need, and on Preact's compat layer rather than React DOM
 * (docs/decisions/016-preact-islands.md). Built after React
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

/** What must never reach the islands' bundle: the server's validator, React's own DOM runtime. */
const KEPT_OUT = /[\\/]node_modules[\\/](zod|react-dom|react|scheduler)[\\/]/;

/**
 * build/islands.json: each island's entry script and the shared chunks it imports. The build
 * fails if a module of KEPT_OUT got in (an import of a zod schema's module, a React-only API):
 * /schedule's first visit has a budget of 60 KB of gzipped JavaScript.
 */
function islandsManifest(): Plugin {
  return {
    name: "salon:islands-manifest",
    apply: "build",
    writeBundle(_options, bundle) {
      const manifest: Record<string, { file: string; imports: string[] }> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const intruder = chunk.moduleIds.find((id) => KEPT_OUT.test(id));
        if (intruder)
          this.error(`${chunk.fileName} bundles ${intruder}: keep it out of the islands`);
        if (!chunk.isEntry) continue;
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
        // What the islands share (Preact, the overlays) is one file, cached across them.
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
  resolve: {
    alias: [
      { find: "~", replacement: new URL("./app", import.meta.url).pathname },
      // The islands run on Preact's compat layer, not React DOM (docs/decisions/016-preact-islands.md):
      // the server still renders the page with React; only this browser bundle swaps the runtime.
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react(-dom)?$/, replacement: "preact/compat" },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/compat/jsx-runtime" },
    ],
  },
});
