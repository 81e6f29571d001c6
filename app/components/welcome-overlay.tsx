import { useEffect, useRef } from "react";
import { useLocale } from "~/lib/i18n";
import { WELCOME_DISMISSED_KEY } from "~/lib/page-enhancements";
import type { PhotoView } from "~/lib/photo-view";
import { m } from "~/paraglide/messages.js";
import { CloseIcon } from "./icons";
import { Paragraphs } from "./page-text";
import { Photo } from "./photo";
import { Picture } from "./picture";

interface WelcomeOverlayProps {
  /** The owner's words ('Page Texts': 'Welcome card heading', 'Welcome card text'). */
  heading: string;
  text: string;
  /** 'Welcome card photo'; without one, the illustration. Decorative either way. */
  photo: PhotoView | null;
}

/**
 * The home page's optional welcome overlay (spec: Home): a card at the bottom that never covers
 * the hero's buttons. It is rendered hidden and shown as the page loads, once per browser until
 * closed; Escape or the close button dismisses it (app/lib/page-enhancements.ts).
 */
export function WelcomeOverlay({ heading, text, photo }: WelcomeOverlayProps) {
  const ref = useRef<HTMLElement>(null);
  const locale = useLocale();
  // The inline script shows it when the page loads. Reached by a client-side navigation (a link
  // on a page React runs), the home page is rendered here instead: show it the same way. (The
  // home page itself never hydrates, so this never runs after a page load.)
  useEffect(() => {
    let dismissed: string | null = null;
    try {
      dismissed = window.localStorage.getItem(WELCOME_DISMISSED_KEY);
    } catch {
      // Storage can be unavailable (private modes): greet.
    }
    if (ref.current && dismissed !== "1") ref.current.hidden = false;
  }, []);
  // suppressHydrationWarning: in development every page hydrates (root.tsx), after the inline
  // script may already have shown the card.
  return (
    <section
      ref={ref}
      className="welcome"
      aria-labelledby="welcome-title"
      hidden
      data-welcome
      suppressHydrationWarning
    >
      <div className="welcome__image">
        {photo ? (
          <Photo photo={photo} sizes="120px" alt="" />
        ) : (
          <Picture image="welcome" sizes="120px" alt="" />
        )}
      </div>
      <div className="welcome__body">
        <h2 id="welcome-title">{heading}</h2>
        <Paragraphs text={text} />
      </div>
      <button
        type="button"
        className="icon-button welcome__close"
        aria-label={m.home_close_welcome({}, { locale })}
        data-closes-welcome
      >
        <CloseIcon size={20} />
      </button>
    </section>
  );
}
