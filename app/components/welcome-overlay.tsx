import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CloseIcon } from "./icons";
import { Picture } from "./picture";

const DISMISSED_KEY = "welcome-dismissed";

/**
 * The home page's optional welcome overlay (spec: Home). It appears after the page
 * is interactive, once per browser until closed, as a card that never covers the
 * hero's buttons; Escape or the close button dismisses it.
 */
export function WelcomeOverlay() {
  const [open, setOpen] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    try {
      if (window.localStorage.getItem(DISMISSED_KEY) === "1") return;
    } catch {
      // Storage can be unavailable (private modes): show the welcome anyway.
    }
    setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  function close() {
    setOpen(false);
    try {
      window.localStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Nothing to remember it in; it will greet again next time.
    }
  }

  if (!open) return null;
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <div className="welcome__image">
        <Picture image="welcome" sizes="120px" alt="" />
      </div>
      <div className="welcome__body">
        <h2 id="welcome-title">Welcome to 2 x 10</h2>
        <p>
          New here? Book online in a minute, or <Link to="/services">browse our menu</Link>.
        </p>
      </div>
      <button
        ref={closeButton}
        type="button"
        className="icon-button welcome__close"
        aria-label="Close welcome message"
        onClick={close}
      >
        <CloseIcon size={20} />
      </button>
    </section>
  );
}
