import { defineConfig } from "vite";

// The production server's entry (server.ts and what it imports of ours) compiled to one
// JavaScript file, build/server.js, so `npm run serve` runs plain node: no TypeScript loader in
// the process, which keeps its own thread and memory (docs/performance.md, "Memory"). Packages
// stay imports from node_modules. `npm run dev` still runs server.ts itself, through tsx.
export default defineConfig({
  build: {
    ssr: "server.ts",
    outDir: "build",
    // build/client and build/server are React Router's, built just before: keep them.
    emptyOutDir: false,
    target: "node20",
    copyPublicDir: false,
    minify: false,
    rolldownOptions: { output: { entryFileNames: "server.js" } },
  },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
});
