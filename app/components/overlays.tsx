import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import { CheckIcon, FailIcon } from "./icons";

// The global loading, success and failure overlays of the spec ("Shared behaviour"),
// usable by every page through useOverlay().

type OverlayState = "idle" | "loading" | "success" | "failure";

interface OverlayControls {
  showLoading(): void;
  hide(): void;
  /** Shows the success overlay for `ms` (spec: 3 s), resolving when it is gone. */
  flashSuccess(ms?: number): Promise<void>;
  /** Shows the failure overlay for `ms` (spec: 3 s), resolving when it is gone. */
  flashFailure(ms?: number): Promise<void>;
}

const OverlayContext = createContext<OverlayControls | null>(null);

const OVERLAY_FLASH_MS = 3000;

export function OverlayProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<OverlayState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flash = useCallback(
    (next: "success" | "failure", ms: number) =>
      new Promise<void>((resolve) => {
        clearTimeout(timer.current);
        setState(next);
        timer.current = setTimeout(() => {
          setState("idle");
          resolve();
        }, ms);
      }),
    [],
  );

  const controls = useMemo<OverlayControls>(
    () => ({
      showLoading: () => {
        clearTimeout(timer.current);
        setState("loading");
      },
      hide: () => {
        clearTimeout(timer.current);
        setState("idle");
      },
      flashSuccess: (ms = OVERLAY_FLASH_MS) => flash("success", ms),
      flashFailure: (ms = OVERLAY_FLASH_MS) => flash("failure", ms),
    }),
    [flash],
  );

  return (
    <OverlayContext value={controls}>
      {children}
      <GlobalOverlay state={state} />
    </OverlayContext>
  );
}

export function useOverlay(): OverlayControls {
  const controls = useContext(OverlayContext);
  if (!controls) throw new Error("useOverlay must be used inside <OverlayProvider>");
  return controls;
}

/**
 * A manual popover: it sits in the browser's top layer, so it shows above an open modal dialog
 * (the booking confirmation) as the spec's overlays must.
 */
function GlobalOverlay({ state }: { state: OverlayState }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const overlay = element.current;
    if (!overlay || typeof overlay.showPopover !== "function") return;
    const open = overlay.matches(":popover-open");
    if (state !== "idle") {
      // Re-showing moves it above anything opened since.
      if (open) overlay.hidePopover();
      overlay.showPopover();
    } else if (open) {
      overlay.hidePopover();
    }
  }, [state]);
  const locale = useLocale();
  return (
    <div ref={element} popover="manual" className="global-overlay" data-state={state}>
      {state === "loading" ? (
        <div className="global-overlay__card" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p>{m.overlay_loading({}, { locale })}</p>
        </div>
      ) : state === "success" ? (
        <div className="global-overlay__card global-overlay__card--success" role="status">
          <CheckIcon size={64} />
          <span className="visually-hidden">{m.overlay_success({}, { locale })}</span>
        </div>
      ) : state === "failure" ? (
        <div className="global-overlay__card global-overlay__card--failure" role="alert">
          <FailIcon size={64} />
          <span className="visually-hidden">{m.overlay_failure({}, { locale })}</span>
        </div>
      ) : null}
    </div>
  );
}
