import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { brotliScripts } from "./vite.brotli.ts";

// React Router builds the browser's and the server's code as two Vite environments
// (future.v8_viteEnvironmentApi): each one's options are given under its name.
export default defineConfig({
  environments: {
    // The SSR bundle's entry is our Express request handler, so the server build exports
    // `createApp` (see server/app.ts and server.ts).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
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
    },
  },
  plugins: [
    reactRouter(),
    // Brotli copies of the browser's scripts only.
    { ...brotliScripts(), applyToEnvironment: (environment) => environment.name === "client" },
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
});
