import type { ReactNode } from "react";
import { useNonce } from "~/components/nonce";

import {
  type IslandAssets,
  islandPropsId,
  islandRootId,
  serializeIslandProps,
} from "~/lib/islands";

/**
 * Development only: what React Router's <Scripts> installs before any module compiled with
 * Fast Refresh runs (those modules refuse to run without it). Islands have no <Scripts>.
 */
const DEV_REFRESH_PREAMBLE = `import RefreshRuntime from "/@id/__x00__virtual:react-router/hmr-runtime";
RefreshRuntime.injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
window.__vite_plugin_react_preamble_installed__ = true;`;

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
  const nonce = useNonce();
  return (
    <>
      <div id={islandRootId(name)} className="island">
        {children}
      </div>
      {/* Server only. When a page React Router runs links here, the component simply renders
          as part of that page and needs no script of its own. */}
      {import.meta.env.SSR ? (
        <>
          <script
            type="application/json"
            id={islandPropsId(name)}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON of our props.
            dangerouslySetInnerHTML={{ __html: serializeIslandProps(props) }}
          />
          {import.meta.env.DEV ? (
            <script
              type="module"
              nonce={nonce}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant.
              dangerouslySetInnerHTML={{ __html: DEV_REFRESH_PREAMBLE }}
            />
          ) : null}
          {assets.preload.map((href) => (
            <link key={href} rel="modulepreload" href={href} />
          ))}
          <script type="module" src={assets.script} />
        </>
      ) : null}
    </>
  );
}
