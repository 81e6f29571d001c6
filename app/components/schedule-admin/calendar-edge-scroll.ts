import { type RefObject, useCallback, useEffect, useRef } from "react";

// An appointment held near an edge of the calendar's box, or of the window, scrolls them, as long
// as it stays there (issue 38, docs/product.md#calendar): the day's evening and the last columns
// are reached without letting go. The keyboard's way ('Move' in the details) is unchanged.

/** How near an edge (px) the pointer starts scrolling, and the most it scrolls a frame (px). */
const EDGE = 48;
const MOST = 18;

/** A frame's step for a pointer `inside` px from an edge (faster nearer it), or 0. */
const step = (inside: number) =>
  inside >= EDGE ? 0 : Math.ceil(MOST * (1 - Math.max(0, inside) / EDGE));

/** The visible part of `box`: the window's, less the sticky site header at its top. */
function visible(box: HTMLElement) {
  const at = box.getBoundingClientRect();
  const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
  return {
    top: Math.max(at.top, header),
    bottom: Math.min(at.bottom, window.innerHeight),
    left: Math.max(at.left, 0),
    right: Math.min(at.right, window.innerWidth),
    cutTop: at.top < header,
    cutBottom: at.bottom > window.innerHeight,
  };
}

/**
 * Scrolls for a pointer at `x`, `y` (px in the window): sideways the box; up or down the window
 * while it hides that side of the box, else the box. Whether anything moved.
 */
function scrollAtEdge(box: HTMLElement, x: number, y: number): boolean {
  const seen = visible(box);
  const down = step(seen.bottom - y);
  const dy = down > 0 ? down : -step(y - seen.top);
  const right = step(seen.right - x);
  const dx = right > 0 ? right : -step(x - seen.left);
  const before = { top: box.scrollTop, left: box.scrollLeft, page: window.scrollY };
  if ((dy > 0 && seen.cutBottom) || (dy < 0 && seen.cutTop)) window.scrollBy(0, dy);
  else if (dy !== 0) box.scrollTop += dy;
  if (dx !== 0) box.scrollLeft += dx;
  return (
    box.scrollTop !== before.top || box.scrollLeft !== before.left || window.scrollY !== before.page
  );
}

/**
 * Follows a held appointment's pointer (`follow`, at each move): while it is near an edge, each
 * frame scrolls and calls `scrolled` with the pointer, for the drop's place under it, which the
 * scroll changed; `scrolled` answering false (nothing held any more) stops it, as does `stop`.
 */
export function useEdgeScroll(
  root: RefObject<HTMLElement | null>,
  scrolled: (x: number, y: number) => boolean,
) {
  const frame = useRef(0);
  const point = useRef({ x: 0, y: 0 });
  const onScroll = useRef(scrolled);
  onScroll.current = scrolled;

  const stop = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = 0;
  }, []);

  const follow = useCallback(
    (x: number, y: number) => {
      point.current = { x, y };
      if (frame.current) return;
      const tick = () => {
        const box = root.current?.closest<HTMLElement>(".calendar-scroll");
        const { x: px, y: py } = point.current;
        const more = box ? scrollAtEdge(box, px, py) && onScroll.current(px, py) : false;
        frame.current = more ? requestAnimationFrame(tick) : 0;
      };
      frame.current = requestAnimationFrame(tick);
    },
    [root],
  );

  useEffect(() => stop, [stop]);
  return { follow, stop };
}
