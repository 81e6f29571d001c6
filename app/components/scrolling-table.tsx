import { type ReactNode, useId } from "react";

/**
 * A wide table's box, which scrolls sideways where the screen is narrower than the table: it
 * takes keyboard focus so the arrows scroll it too, and is a group named after the table, so a
 * screen reader says what the focused box holds (not a landmark: a page may have eleven).
 * `caption` is the table's own caption, visually hidden; `className` is added to the table's.
 */
export function ScrollingTable(props: {
  caption: string;
  className?: string;
  children: ReactNode;
}) {
  const { caption, className, children } = props;
  const id = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useSemanticElements: a scrolling box must take focus; a fieldset is for form controls.
    <div className="table-scroll" tabIndex={0} role="group" aria-labelledby={id}>
      <table className={className ? `data-table ${className}` : "data-table"}>
        <caption id={id} className="visually-hidden">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
