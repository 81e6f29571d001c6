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

// The staff pages' one confirmation line (docs/product.md#staff-screens): a staff change says what
// it did in a polite live region at the foot of the window, in place of the spec's full-screen
// overlays; the page stays usable and the focus stays where it was.

interface StaffStatus {
  /** Says `message` (short: "Marked Dora Lee Arrived"); a later message replaces it. */
  say(message: string): void;
}

const StatusContext = createContext<StaffStatus>({ say: () => {} });

/** How long a message stays on screen; a screen reader has read it at once. */
const SHOWN_MS = 8000;

export function StaffStatusProvider({ children }: { children: ReactNode }) {
  // A counter with the text, so the same message twice is read twice.
  const [said, setSaid] = useState<{ text: string; n: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const say = useCallback((text: string) => {
    clearTimeout(timer.current);
    setSaid((previous) => ({ text, n: (previous?.n ?? 0) + 1 }));
    timer.current = setTimeout(() => setSaid(null), SHOWN_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const value = useMemo(() => ({ say }), [say]);
  return (
    <StatusContext value={value}>
      {children}
      {/* In the document from the start: a live region only reads changes made after it exists. */}
      <div className="staff-status" role="status" data-shown={said ? true : undefined}>
        {said ? <p key={said.n}>{said.text}</p> : null}
      </div>
    </StatusContext>
  );
}

/** The staff pages' confirmation line; outside the staff layout it says nothing. */
export function useStaffStatus(): StaffStatus {
  return useContext(StatusContext);
}
