-- Hand-written (issue 29, the month calendar in one statement): a worker's booked times of a UTC
-- day as one multirange, computed by PostgreSQL from the row's own arrays whenever the triggers of
-- drizzle/0007 and 0017 write it. Reading it costs the month's statement a fraction of building
-- the ranges from the arrays on every request (docs/performance.md, "/schedule/days").
-- Empty times (an end not after its start) block nothing, as in the engine.
CREATE FUNCTION "busy_ranges"(starts double precision[], ends double precision[])
  RETURNS tstzmultirange LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(range_agg(tstzrange(to_timestamp(u.s), to_timestamp(u.e), '[)')), '{}')
  FROM unnest(starts, ends) AS u(s, e) WHERE u.e > u.s
$$;--> statement-breakpoint
ALTER TABLE "worker_busy_days" ADD COLUMN "busy" "tstzmultirange" GENERATED ALWAYS AS (busy_ranges(starts, ends)) STORED;
