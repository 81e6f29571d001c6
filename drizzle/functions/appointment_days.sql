-- The UTC days an appointment (or a hold) touches: a listing reads the UTC days of its salon day.
-- Since drizzle/0006.
CREATE OR REPLACE FUNCTION "appointment_days"(starts_at timestamptz, ends_at timestamptz) RETURNS date[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(d::date) FROM generate_series(
    (starts_at AT TIME ZONE 'UTC')::date, (ends_at AT TIME ZONE 'UTC')::date, interval '1 day'
  ) AS d;
$$;
