import { type RefObject, useEffect, useRef } from "react";

/**
 * Brings what a page just came back to say to the top of the screen and gives it the focus
 * (issue 38): the booked view after the booking's reload, /manage's message after a move or a
 * cancel, which the page would otherwise show above or below where it was left scrolled. Runs
 * whenever `shown` changes to something (each answer of a form is a new one); the element needs
 * `tabIndex={-1}`. `block: "start"` honours the page's scroll-padding, under the sticky header.
 */
export function useFocusOnShow<Element extends HTMLElement>(
  shown: unknown,
): RefObject<Element | null> {
  const element = useRef<Element>(null);
  useEffect(() => {
    const target = element.current;
    if (!shown || !target) return;
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  }, [shown]);
  return element;
}
