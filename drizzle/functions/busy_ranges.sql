-- A technician's booked times of a UTC day as one multirange, computed by PostgreSQL from the row's
-- own arrays whenever the triggers write technician_busy_days: its generated column "busy" (so this
-- function must stay IMMUTABLE). Reading it costs the month's statement a fraction of building
-- the ranges from the arrays on every request (docs/performance.md, "/schedule/days"). Empty
-- times (an end not after its start) block nothing, as in the engine. Since drizzle/0030.
CREATE OR REPLACE FUNCTION "busy_ranges"(starts double precision[], ends double precision[])
  RETURNS tstzmultirange LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(range_agg(tstzrange(to_timestamp(u.s), to_timestamp(u.e), '[)')), '{}')
  FROM unnest(starts, ends) AS u(s, e) WHERE u.e > u.s
$$;
