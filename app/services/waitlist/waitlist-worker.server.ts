// The waitlist's worker (docs/product.md#waitlist): offerFreedTimes at start, after each change
// notice (a poke), and every minute (holds and offers lapse without a change), one round at a
// time, each starting with the days whose availability changed since the round before.
import type { Database } from "../db/client.server";
import { changedDays, offerFreedTimes } from "./waitlist-offers.server";

export interface WaitlistWorker {
  /** Looks again soon (a change was announced). */
  poke(): void;
  stop(): Promise<void>;
}

/**
 * Runs offerFreedTimes at start, every `intervalMs` (holds and offers lapse without a change
 * notice), and shortly after each poke; one round at a time.
 */
export function startWaitlistWorker(options: {
  db: Database;
  siteUrl: () => string;
  offerMs?: number;
  intervalMs?: number;
  onQueued?: () => void;
  onError?: (error: unknown) => void;
}): WaitlistWorker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let soon: NodeJS.Timeout | undefined;
  /** The availability version seen by the last round: later changes are looked at first. */
  let version: number | undefined;
  const round = async () => {
    // The first round sweeps; each later one starts with the days changed since the one before.
    const changed = await changedDays(options.db, version ?? Number.MAX_SAFE_INTEGER);
    const since = version;
    version = changed.version;
    return offerFreedTimes(options.db, {
      siteUrl: options.siteUrl(),
      offerMs: options.offerMs,
      onLineError: options.onError,
      changed: since === undefined ? undefined : changed.days,
    });
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .then(
        (count) => {
          if (count > 0) options.onQueued?.();
        },
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? 60_000);
  timer.unref();
  return {
    poke() {
      if (stopped || soon) return;
      // A burst of changes (a visit's several rows, a rename) is one look.
      soon = setTimeout(() => {
        soon = undefined;
        run();
      }, 200);
      soon.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      await running;
    },
  };
}
