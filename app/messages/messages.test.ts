import { describe, expect, it } from "vitest";
import en from "./en.json";
import es from "./es.json";

// Every message the code writes on a public page has its Spanish (docs/product.md#languages):
// app/messages/en.json and es.json hold the same keys, each with words and the same placeholders.
const keysOf = (catalogue: Record<string, string>) =>
  Object.keys(catalogue).filter((key) => key !== "$schema");
const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the message catalogues", () => {
  it("give every English message its Spanish, and no Spanish message without its English", () => {
    const missing = keysOf(en).filter((key) => !(es as Record<string, string>)[key]?.trim());
    const extra = keysOf(es).filter((key) => !(key in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it("keep each message's placeholders in both languages", () => {
    const differing = keysOf(en).filter(
      (key) =>
        JSON.stringify(placeholdersOf((en as Record<string, string>)[key] ?? "")) !==
        JSON.stringify(placeholdersOf((es as Record<string, string>)[key] ?? "")),
    );
    expect(differing).toEqual([]);
  });
});
