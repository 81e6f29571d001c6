// What the /dashboard loader and action hand the page.

export const DASHBOARD_INTENTS = [
  "handle",
  "reopen",
  "delete",
  "retry-email",
  "change-password",
] as const;
export type DashboardIntent = (typeof DASHBOARD_INTENTS)[number];

export type DashboardActionResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/** A contact entry as the list shows it. */
export interface DashboardEntry {
  id: string;
  name: string;
  email: string;
  reason: string;
  message: string;
  /** "Nov 24, 2026, 3:05 PM" in salon time. */
  received: string;
  /** "Handled by owner@example.com, Nov 24, 2026, 4:00 PM", or null while open. */
  handled: string | null;
}

/** An email not delivered yet. */
export interface DashboardEmail {
  id: string;
  toAddress: string;
  subject: string;
  status: "pending" | "sending" | "failed";
  /** "Waiting, next try Nov 24, 2026, 4:00 PM (2 tries)", "Gave up after 8 tries", ... */
  state: string;
  lastError: string | null;
  queued: string;
}

/** The daily backups (BACKUP_DIR), as the 'Backups' section tells them. */
export interface DashboardBackups {
  /** BACKUP_DIR is set. */
  on: boolean;
  /** The newest backup written: "Nov 25, 2026, 12:03 AM", its size ("1.2 MB") and file name. */
  lastWritten: { at: string; size: string; file: string } | null;
  /** The latest run failed: when, and why. */
  failed: { at: string; error: string } | null;
  /** A run started and not finished: since when. */
  running: string | null;
}
