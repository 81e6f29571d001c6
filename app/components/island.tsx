import type { ReactNode } from "react";
import {
  type IslandAssets,
  islandPropsId,
  islandRootId,
  serializeIslandProps,
} from "~/lib/islands";

interface IslandProps {
  name: string;
  /** What the island's component is given, here and in the browser. */
  props: unknown;
  assets: IslandAssets;
  /** The island's component, rendered with `props`. */
  children: ReactNode;
}

/**
 * An island's place in the page (app/lib/islands.ts): the server renders the part, its props as
 * JSON and its module script; app/islands/hydrate.tsx hydrates the same component with the same
 * props.
 */
export function Island({ name, props, assets, children }: IslandProps) {
  return (
    <>
      <div id={islandRootId(name)} className="island">
        {children}
      </div>
      {/* Server only, in production. When a page React Router runs links here, the component
          simply renders as part of that page and needs no script of its own; in development
          every page runs React Router's client (root.tsx), so edits hot-reload here too. */}
      {import.meta.env.SSR && !import.meta.env.DEV ? (
        <>
          <script
            type="application/json"
            id={islandPropsId(name)}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON of our props.
            dangerouslySetInnerHTML={{ __html: serializeIslandProps(props) }}
          />
          {assets.preload.map((href) => (
            <link key={href} rel="modulepreload" href={href} />
          ))}
          <script type="module" src={assets.script} />
        </>
      ) : null}
    </>
  );
}
