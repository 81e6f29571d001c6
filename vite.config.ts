import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is our Express request handler, so the server build
  // exports `createApp` (see server/app.ts and server.ts).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  plugins: [reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
}));
