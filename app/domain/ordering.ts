// 'Move Up' / 'Move Down' on the owner's ordered lists (gallery photos, reviews): the new order
// when a row swaps places with its neighbour. Pure; the services lock the rows and write it.

type Moved =
  | { ok: true; order: string[] }
  | { ok: false; kind: "not-found" }
  | { ok: false; kind: "at-end"; message: string };

/** `ids` in their order, with `id` swapped with the one before (up) or after (down) it. */
export function swapWithNeighbour(
  ids: readonly string[],
  id: string,
  direction: "up" | "down",
): Moved {
  const index = ids.indexOf(id);
  if (index < 0) return { ok: false, kind: "not-found" };
  const other = direction === "up" ? index - 1 : index + 1;
  if (other < 0 || other >= ids.length) {
    const message = direction === "up" ? "It is already first." : "It is already last.";
    return { ok: false, kind: "at-end", message };
  }
  const order = [...ids];
  [order[index], order[other]] = [order[other] as string, id];
  return { ok: true, order };
}
