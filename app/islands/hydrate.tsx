import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { islandPropsId, islandRootId } from "~/lib/islands";

/** Hydrates the island `name` that app/components/island.tsx rendered on the server. */
export function hydrateIsland<P extends object>(name: string, Component: ComponentType<P>): void {
  const root = document.getElementById(islandRootId(name));
  const json = document.getElementById(islandPropsId(name))?.textContent;
  if (!root || !json) return;
  hydrateRoot(root, <Component {...(JSON.parse(json) as P)} />);
}
