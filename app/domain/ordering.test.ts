import { describe, expect, it } from "vitest";
import { swapWithNeighbour } from "./ordering";

describe("swapWithNeighbour", () => {
  it("swaps with the row before or after, and refuses past either end", () => {
    expect(swapWithNeighbour(["a", "b", "c"], "b", "up")).toEqual({
      ok: true,
      order: ["b", "a", "c"],
    });
    expect(swapWithNeighbour(["a", "b", "c"], "b", "down")).toEqual({
      ok: true,
      order: ["a", "c", "b"],
    });
    expect(swapWithNeighbour(["a", "b"], "a", "up")).toEqual({
      ok: false,
      kind: "at-end",
      message: "It is already first.",
    });
    expect(swapWithNeighbour(["a", "b"], "b", "down")).toMatchObject({ kind: "at-end" });
    expect(swapWithNeighbour(["a"], "z", "up")).toEqual({ ok: false, kind: "not-found" });
  });
});
