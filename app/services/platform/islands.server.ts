import { readFileSync } from "node:fs";
import path from "node:path";
import type { IslandAssets } from "~/lib/islands";
import type { ISLANDS } from "../../../vite.islands.config.ts";

type IslandName = keyof typeof ISLANDS;

type IslandsManifest = Record<string, { file: string; imports: string[] }>;
let manifest: IslandsManifest | undefined;

/**
 * An island's scripts: the hashed files of build/islands.json (written by vite.islands.config.ts).
 * Development has none: the whole page runs React Router's client there (root.tsx).
 */
export function islandAssets(name: IslandName): IslandAssets {
  if (import.meta.env.DEV) return { script: "", preload: [] };
  manifest ??= JSON.parse(
    readFileSync(path.resolve("build/islands.json"), "utf8"),
  ) as IslandsManifest;
  const entry = manifest[name];
  if (!entry) throw new Error(`build/islands.json has no island "${name}": run npm run build.`);
  return { script: entry.file, preload: entry.imports };
}
