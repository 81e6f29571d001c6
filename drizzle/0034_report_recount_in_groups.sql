-- Hand-written (custom migration): drizzle/0032's recount of clients, 50 at a time. Given
-- thousands of keys at once (the backfill, a bulk insert) its "= ANY(keys)" compared every
-- appointment with every key: 5,000 appointments of 2,000 clients took 15 s on PGlite, and 300
-- clients of the benchmark's 100,000 appointments 25 s in one call, 5-6 s in groups of 50.
-- Every group's advisory locks are taken here, first, in order (the one place they are taken).
-- The forgotten customer (app/services/staff/retention.server.ts, FORGOTTEN: every forgotten
-- visit has her email and no phone) is nobody: no client, no visits of a client, so 'Forget
-- Customer' and the retention job never recount her ever-growing rows.
ALTER FUNCTION "report_refresh_clients"(text[]) RENAME TO "report_refresh_client_group";--> statement-breakpoint
CREATE FUNCTION "report_refresh_clients"(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sorted text[] := array(SELECT DISTINCT k FROM unnest(keys) AS k
    WHERE k <> 'forgotten@invalid' ORDER BY 1);
  i integer := 1;
BEGIN
  PERFORM pg_advisory_xact_lock(20261127, b.bucket)
  FROM (SELECT DISTINCT hashtext(k) & 127 AS bucket FROM unnest(sorted) AS k ORDER BY 1) AS b;
  WHILE i <= coalesce(array_length(sorted, 1), 0) LOOP
    PERFORM "report_refresh_client_group"(sorted[i:i + 49]);
    i := i + 50;
  END LOOP;
END $$;--> statement-breakpoint
-- The appointments already stored, counted once, now that the recount is fast (drizzle/0032).
SELECT "report_rebuild"();
