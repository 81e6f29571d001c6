import { defineConfig } from "vite";

// The production server's entry (server.ts and what it imports of ours) compiled to one
// JavaScript file, build/server.js, so `npm run serve` runs plain node: no TypeScript loader in
// the process, which keeps its own thread and memory (docs/performance.md, "Memory"). Packages
// stay imports from node_modules. `npm run dev` still runs server.ts itself, through tsx.
// The Markdown thread is built beside it, as build/markdown-thread.js: a worker_threads entry
// needs a file of its own at run time (app/services/site/markdown-render.server.ts,
// docs/decisions/017-markdown-off-the-event-loop.md).
export default defineConfig({
  build: {
    ssr: true,
    outDir: "build",
    // build/client and build/server are React Router's, built just before: keep them.
    emptyOutDir: false,
    target: "node20",
    copyPublicDir: false,
    minify: false,
    rolldownOptions: {
      input: {
        server: "server.ts",
        "markdown-thread": "app/services/site/markdown-thread.server.ts",
      },
      output: { entryFileNames: "[name].js" },
    },
  },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
});
