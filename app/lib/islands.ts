// Islands (docs/decisions/014-islands.md): parts of a plain-HTML page that React hydrates on
// their own, without React Router's client. Shared by the server's markup
// (app/components/island.tsx), the asset lookup (app/services/platform/islands.server.ts) and the browser
// (app/islands/hydrate.tsx).

export interface IslandAssets {
  /** The island's entry script. */
  script: string;
  /** The shared chunks it imports, fetched alongside it. */
  preload: string[];
}

export const islandRootId = (name: string) => `${name}-island`;
export const islandPropsId = (name: string) => `${name}-island-props`;

/** JSON that is safe inside <script>: no "</script>" or "<!--" can end or bend the element. */
export function serializeIslandProps(props: unknown): string {
  return JSON.stringify(props).replace(/</g, "\\u003c");
}
