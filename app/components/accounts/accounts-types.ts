// What the /accounts loader and action hand the page.

export type AccountsActionResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/** An account as the list shows it. */
export interface AccountRow {
  id: string;
  email: string;
  /** "Owner" or "Staff". */
  role: string;
  /** "Nov 24, 2026, 3:05 PM" in salon time. */
  added: string;
  /** The one signed in: changed with 'Change Password' on the dashboard, never removed here. */
  self: boolean;
}

/** A page of the staff's activity log, newest first. */
export interface ActivityPage {
  entries: { id: string; at: string; atIso: string; who: string; what: string }[];
  /** The address parameter of the next (older) page, or null at the oldest. */
  older: string | null;
  /** An older page is shown (offer the newest again). */
  paged: boolean;
}
