import { Fragment, type ReactNode } from "react";

// A message whose placeholders are elements (a phone link, a bold figure): the whole sentence is
// one message, so each language puts the element where its word order wants it
// (docs/architecture.md#languages). The message is called with a marker for each element's
// placeholder, and its text is cut at the markers.

const MARK = "\u0000";

/**
 * The message's words with `nodes` in place of their placeholders:
 * `withNodes((p) => m.policies_call_closer(p, { locale }), { phone: <Call /> })`.
 */
export function withNodes<K extends string>(
  message: (marks: Record<K, string>) => string,
  nodes: Record<K, ReactNode>,
): ReactNode[] {
  const marks = Object.fromEntries(
    Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]),
  ) as Record<K, string>;
  // Split with a capture group: even places are words, odd places the placeholders' names.
  return message(marks)
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((piece, index) =>
      index % 2 === 0 ? (
        piece
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence, never reordered.
        <Fragment key={index}>{nodes[piece as K]}</Fragment>
      ),
    )
    .filter((piece) => piece !== "");
}
