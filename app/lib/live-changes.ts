// Open pages stay current (docs/decisions/015-live-pages.md): the server's /events stream
// (server/live-events.ts) names each table that changed; a page that shows it asks for fresh
// data, at most every quarter second, and again after the stream came back from a drop (what
// changed meanwhile was not heard); a refused stream becomes a look every minute.
// No React Router here: the booking island uses this file, and its script goes without the router.
import { useEffect, useRef } from "react";

/** The tables the stream names (drizzle/0010_change_notifications.sql). */
export type ChangedTable =
  | "appointments"
  | "appointment_types"
  | "service_categories"
  | "closed_days"
  | "contact_entries"
  | "technicians";

const SETTLE_MS = 250;
/**
 * When the server refuses the stream (429: this client address has its streams open elsewhere; 503: the
 * process has all it takes), the browser does not retry it: the page looks for changes this often
 * instead (docs/security.md#clients).
 */
const POLL_MS = 60_000;

/** Calls `onChange` when one of `tables` changes; returns the stop. No tables: no stream. */
function watchChanges(tables: readonly ChangedTable[], onChange: () => void): () => void {
  if (tables.length === 0) return () => {};
  const source = new EventSource("/events");
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dropped = false;
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, SETTLE_MS);
  };
  source.addEventListener("change", (event) => {
    const table = (event as MessageEvent<string>).data;
    if (table === "*" || tables.includes(table as ChangedTable)) soon();
  });
  let poll: ReturnType<typeof setInterval> | undefined;
  source.addEventListener("error", () => {
    dropped = true;
    if (source.readyState === EventSource.CLOSED && !poll) poll = setInterval(onChange, POLL_MS);
  });
  source.addEventListener("open", () => {
    if (dropped) soon();
    dropped = false;
  });
  return () => {
    clearTimeout(timer);
    clearInterval(poll);
    source.close();
  };
}

/** watchChanges for a component: `onChange` may change between renders. */
export function useChanges(tables: readonly ChangedTable[], onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const key = tables.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `tables`.
  useEffect(() => watchChanges(tables, () => latest.current()), [key]);
}
