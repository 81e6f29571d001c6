import { reactRouter } from "@react-router/dev/vite";
import { createLogger, defineConfig } from "vite";
import { brotliScripts } from "./vite.brotli.ts";

// React Router 7.18.4 (the last 7.x; 8 needs Node 22) starts its own Vite compilers with
// `envFile: false`, which Vite 8 reports as deprecated on every build. Nothing of ours sets it and
// nothing can change it, so that one message is left out; every other warning still shows.
const logger = createLogger();
const warn = logger.warn.bind(logger);
logger.warn = (message, options) => {
  if (!message.includes("The `envFile` option is deprecated")) warn(message, options);
};

// React Router builds the browser's and the server's code as two Vite environments
// (future.v8_viteEnvironmentApi): each one's options are given under its name.
export default defineConfig({
  customLogger: logger,
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
