import type { DashboardBackups } from "./dashboard-types";

/**
 * 'Backups': when the server last wrote its daily backup and how big it was, or that backups are
 * off, or that the latest one failed and why (the server tries again within ten minutes).
 */
export function BackupsSection({ on, lastWritten, failed, running }: DashboardBackups) {
  return (
    <section aria-labelledby="backups-title" className="staff-section">
      <h2 id="backups-title">Backups</h2>
      {on ? null : (
        <p className="notice" role="status">
          Daily backups are off: set BACKUP_DIR and the server writes a backup of the salon's data
          there every day.
        </p>
      )}
      {failed ? (
        <p className="notice notice--error" role="alert">
          The latest backup failed ({failed.at}): {failed.error} The server tries again within ten
          minutes.
        </p>
      ) : null}
      {running ? <p>A backup is being written (started {running}).</p> : null}
      {lastWritten ? (
        <p>
          Last backup: {lastWritten.at}, {lastWritten.size} (<code>{lastWritten.file}</code>).
        </p>
      ) : on ? (
        <p>No backup has been written yet.</p>
      ) : null}
    </section>
  );
}
