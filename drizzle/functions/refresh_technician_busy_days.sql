-- The slot listing reads a technician's booked times of a day from one row of technician_busy_days
-- instead of from every appointment (docs/decisions/013-slot-listing-cache.md). A technician's rows
-- for `days` (UTC days), rebuilt from the appointments, clean-up included (blocked_until).
-- Always called after bump_availability(days) in the same transaction: every writer of these days
-- holds their version rows' locks until it commits, so two transactions never rebuild the same
-- row at once, and this statement's snapshot, taken after the lock, sees every earlier committed
-- change. Since drizzle/0007; blocked_until since 0017.
CREATE OR REPLACE FUNCTION "refresh_technician_busy_days"(w text, days date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "technician_busy_days" WHERE "technician" = w AND "day" = ANY(days);
  INSERT INTO "technician_busy_days" ("technician", "day", "starts", "ends")
  SELECT w, d.day, b.starts, b.ends
  FROM (SELECT DISTINCT unnest(days) AS day) AS d
  CROSS JOIN LATERAL (
    SELECT array_agg(date_part('epoch', a.starts_at) ORDER BY a.starts_at, a.blocked_until) AS starts,
      array_agg(date_part('epoch', a.blocked_until) ORDER BY a.starts_at, a.blocked_until) AS ends
    FROM "appointments" AS a
    WHERE a.technician = w AND a.status = 'booked'
      AND tstzrange(a.starts_at, a.blocked_until, '[)') &&
        tstzrange(d.day::timestamp AT TIME ZONE 'UTC', (d.day + 1)::timestamp AT TIME ZONE 'UTC', '[)')
  ) AS b
  WHERE b.starts IS NOT NULL;
$$;
