-- The availability versions (docs/decisions/013-slot-listing-cache.md): the slot listing cache
-- keeps a day's listing while the versions of that day's rows stay the same. Triggers call this,
-- so no writer can forget it. A sequence, not counters: emptied and refilled (tests, a restore)
-- the values never repeat. Since drizzle/0006.
CREATE OR REPLACE FUNCTION "bump_availability"(days date[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "availability_versions" AS v ("day", "version")
  SELECT d.day, nextval('availability_version_seq')
  FROM (SELECT DISTINCT unnest(days) AS day) AS d
  -- One order for every writer: two transactions never wait on each other's rows in a cycle.
  ORDER BY d.day
  ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
$$;
