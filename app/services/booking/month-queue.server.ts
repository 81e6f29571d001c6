// Fresh months, per database, are computed one at a time (docs/performance.md#scheduledays). The
// embedded database answers one statement at a time and the engine runs on the server's one
// thread: months computed side by side would put all their statements ahead of another request's
// (a visitor's times), where one at a time puts one month's at most. The queue must not become a
// backlog that a few addresses fill (asking and going away) and every visitor's month waits
// behind: a month whose askers have all gone leaves it, the same month asked again while it waits
// is computed once for all its askers, and beyond MAX_WAITING_MONTHS a month is refused.
import type { Database } from "../db/client.server";

/** Why a month was not computed: too many months waiting, or its asker went away. */
export type MonthRefusal = "busy" | "gone";

/**
 * Months waiting behind the one computed, per database: a few milliseconds each, so the last one
 * waits well under a second on a quiet server.
 */
export const MAX_WAITING_MONTHS = 16;

interface Asker {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  leave: () => void;
}

interface Job {
  key: string;
  compute: () => Promise<unknown>;
  askers: Set<Asker>;
}

interface Queue {
  running: boolean;
  waiting: Job[];
}

const queues = new WeakMap<Database, Queue>();

/** Starts the next waiting month, once the one before it has ended (failed or not). */
function startNext(queue: Queue) {
  const job = queue.waiting.shift();
  queue.running = job !== undefined;
  if (!job) return;
  // From here the month is computed: an asker who goes away no longer saves anything.
  for (const asker of job.askers) asker.signal?.removeEventListener("abort", asker.leave);
  Promise.resolve()
    .then(job.compute)
    .then(
      (value) => {
        for (const asker of job.askers) asker.resolve(value);
      },
      (error: unknown) => {
        for (const asker of job.askers) asker.reject(error);
      },
    )
    .finally(() => startNext(queue));
}

/**
 * `compute` in its turn among the database's months; `key` names everything it depends on (the
 * same key, waiting, is computed once for both). "gone" as soon as `signal` aborts while waiting;
 * "busy" at once when MAX_WAITING_MONTHS other months wait.
 */
export function monthInTurn<T>(
  db: Database,
  key: string,
  compute: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T | MonthRefusal> {
  if (signal?.aborted) return Promise.resolve("gone");
  let queue = queues.get(db);
  if (!queue) {
    queue = { running: false, waiting: [] };
    queues.set(db, queue);
  }
  const line = queue;
  let job = line.waiting.find((waiting) => waiting.key === key);
  if (!job) {
    if (line.waiting.length >= MAX_WAITING_MONTHS) return Promise.resolve("busy");
    job = { key, compute, askers: new Set() };
    line.waiting.push(job);
  }
  const joined = job;
  const answer = new Promise<unknown>((resolve, reject) => {
    const asker: Asker = { resolve, reject, signal, leave: () => {} };
    asker.leave = () => {
      joined.askers.delete(asker);
      const at = line.waiting.indexOf(joined);
      if (joined.askers.size === 0 && at >= 0) line.waiting.splice(at, 1);
      resolve("gone");
    };
    signal?.addEventListener("abort", asker.leave, { once: true });
    joined.askers.add(asker);
  });
  if (!line.running) startNext(line);
  return answer as Promise<T | MonthRefusal>;
}
