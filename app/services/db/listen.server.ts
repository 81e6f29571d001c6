// LISTEN for the app's change notifications on PostgreSQL (docs/decisions/015-live-pages.md);
// PGlite hears its own (client.server.ts).
// Relative imports: scripts run client.server.ts, which imports this, with plain tsx.
import pg from "pg";

export /**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost
 * connection is opened again, after half a second and then up to 10 s apart, and `onResume` says
 * so. Resolves once listening; rejects if the first connection fails.
 */
async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
  onResume?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    const lost = () => {
      if (stopped || current !== client) return;
      current = undefined;
      client.end().catch(() => {});
      timer = setTimeout(reconnect, retryMs);
      retryMs = Math.min(retryMs * 2, 10_000);
    };
    client.on("error", lost);
    client.on("end", lost);
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    current = client;
    retryMs = 500;
  };
  const reconnect = () => {
    if (stopped) return;
    connect().then(
      () => onResume?.(),
      () => {
        timer = setTimeout(reconnect, retryMs);
        retryMs = Math.min(retryMs * 2, 10_000);
      },
    );
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end().catch(() => {});
  };
}
