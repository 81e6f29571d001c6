import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { brotliScripts } from "./vite.brotli.ts";

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
