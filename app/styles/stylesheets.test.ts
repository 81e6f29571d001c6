import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RouteHandle } from "~/lib/route-handle";

const sheetFiles = readdirSync(new URL(".", import.meta.url))
  .filter((file) => file.endsWith(".css"))
  .map((file) => file.slice(0, -".css".length));

// Every page's route module (a default component), with the handle it declares.
const modules = import.meta.glob<{ default?: unknown; handle?: RouteHandle }>("../routes/*.tsx", {
  eager: true,
});
const pages = Object.entries(modules).filter(
  ([file, module]) => module.default && !file.endsWith("staff-layout.tsx"),
);

describe("the pages' stylesheets", () => {
  it("are named in every page's handle", () => {
    const without = pages.filter(([, module]) => !module.handle?.styles?.length);
    expect(without.map(([file]) => file)).toEqual([]);
  });

  it("are sheets that exist, and every sheet is used by some page", () => {
    const named = new Set(["base", ...pages.flatMap(([, module]) => module.handle?.styles ?? [])]);
    expect([...named].sort()).toEqual([...sheetFiles].sort());
  });
});
