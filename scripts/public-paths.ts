// The public pages of the production build, for the scripts that run beside it (audits,
// screenshots): the routes whose handle says `listed` (app/lib/route-handle.ts), as the server
// derived them at start (server/app.ts, routeFacts). Builds first when there is no build.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteFacts } from "../app/lib/route-handle";
import { run } from "./serve-production";

export async function builtPublicPaths(): Promise<string[]> {
  const entry = path.resolve("build/server/index.js");
  if (!existsSync(entry)) await run("npm", ["run", "build"]);
  const build = (await import(pathToFileURL(entry).href)) as { routeFacts: RouteFacts };
  return build.routeFacts.publicPaths;
}
