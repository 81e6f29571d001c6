import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

/** One entry of a row's menu: its visible word, the rest of its name, and what it does. */
export interface RowMenuAction {
  label: string;
  /** Said after the label to a screen reader (" Ana's 10:00 AM appointment"). */
  hidden: string;
  onSelect(): void;
}

/**
 * A list row's actions behind one button (issue 38: a row is one line at 1366 x 768), as the WAI
 * menu button pattern has it: the button says it opens a menu and whether it is open; Enter, Space
 * or Down opens it on its first item (Up on its last), the arrows, Home and End move between the
 * items, Escape closes it and gives the focus back to the button, Tab closes it and goes on, a
 * press elsewhere closes it. The menu is a popover, above the page, so the list's own scrolling
 * box never cuts it off. An item closes the menu and puts the focus on the button before it acts:
 * the dialog it opens gives the focus back there (docs/product.md#staff-screens).
 */
export function RowActionsMenu(props: { children: ReactNode; actions: RowMenuAction[] }) {
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Which item takes the focus once the menu shows: the first (0) or the last (-1).
  const [open, setOpen] = useState<0 | -1 | null>(null);

  useEffect(() => {
    if (open === null) return;
    // A press anywhere else closes it, as Escape does but leaving the focus where it goes.
    const elsewhere = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menu.current?.contains(target) || button.current?.contains(target)) return;
      if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
      setOpen(null);
    };
    document.addEventListener("pointerdown", elsewhere);
    return () => document.removeEventListener("pointerdown", elsewhere);
  }, [open]);

  useEffect(() => {
    const list = menu.current;
    if (!list || open === null) return;
    if (!list.matches(":popover-open")) list.showPopover();
    placeBelow(list, button.current);
    const items = menuItems(list);
    (open === 0 ? items[0] : items.at(-1))?.focus();
  }, [open]);

  function close(focusButton: boolean) {
    const list = menu.current;
    if (list?.matches(":popover-open")) list.hidePopover();
    setOpen(null);
    if (focusButton) button.current?.focus();
  }

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(event.key === "ArrowDown" ? 0 : -1);
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Tab") close(false);
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
      return;
    }
    const items = menuItems(event.currentTarget);
    const next = nextItem(
      event.key,
      items.indexOf(document.activeElement as HTMLElement),
      items.length,
    );
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  }

  return (
    <div className="row-menu">
      <button
        ref={button}
        type="button"
        className="button button--ghost button--small row-menu__button"
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={menuId}
        onClick={() => (open === null ? setOpen(0) : close(true))}
        onKeyDown={onButtonKey}
      >
        {props.children}
      </button>
      <div
        ref={menu}
        id={menuId}
        role="menu"
        popover="manual"
        className="row-menu__list"
        onKeyDown={onMenuKey}
      >
        {props.actions.map((action) => (
          <button
            key={action.label}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="row-menu__item"
            onClick={() => {
              close(true);
              action.onSelect();
            }}
          >
            {action.label}
            <span className="visually-hidden">{action.hidden}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** The item the arrows, Home and End go to from item `at` of `count` (round), or null. */
function nextItem(key: string, at: number, count: number): number | null {
  const moves: Record<string, number> = {
    ArrowDown: at + 1,
    ArrowUp: at - 1,
    Home: 0,
    End: count - 1,
  };
  const to = moves[key];
  return to === undefined ? null : (to + count) % count;
}

const menuItems = (list: HTMLElement) =>
  Array.from(list.querySelectorAll<HTMLElement>('[role="menuitem"]'));

/**
 * Under the button, its right edges aligned, in the page's coordinates (a popover is placed in
 * the whole page's box), so it scrolls with the row; above the button when the window has no room
 * below it.
 */
function placeBelow(list: HTMLElement, anchor: HTMLElement | null) {
  if (!anchor) return;
  const at = anchor.getBoundingClientRect();
  const height = list.offsetHeight;
  const below = at.bottom + 4 + height <= window.innerHeight;
  const top = below ? at.bottom + 4 : at.top - 4 - height;
  list.style.top = `${Math.max(0, top + window.scrollY)}px`;
  list.style.left = `${Math.max(0, at.right - list.offsetWidth + window.scrollX)}px`;
}
