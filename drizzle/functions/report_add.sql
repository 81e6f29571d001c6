-- The report's figures per salon date (docs/product.md#reports, docs/performance.md, "Reports over
-- a year"): the appointments' part of each salon date's figures, `minus` taken away, `plus`
-- added, in one pass (a move's old and new rows summed per key, upserted once), each table's rows
-- upserted in key order, so two writers never wait for each other's rows crosswise. A salon date
-- is the date of an instant on the salon's clock (salon_time_zone()). Called by the statement
-- triggers of report_appointments.sql, in the writer's own transaction. Since drizzle/0032; the
-- zone from salon_time_zone() since 0036.
CREATE OR REPLACE FUNCTION "report_add"(minus "appointments"[], plus "appointments"[]) RETURNS void
LANGUAGE sql AS $$
  WITH d AS (
    SELECT (a.starts_at AT TIME ZONE salon_time_zone())::date AS day, a.technician,
      coalesce(sum(a.delta) FILTER (WHERE a.status = 'booked'), 0) AS booked,
      coalesce(sum(a.delta) FILTER (WHERE a.status = 'booked' AND a.visit_status = 'completed'),
        0) AS completed,
      coalesce(sum(a.delta) FILTER (WHERE a.status = 'booked' AND a.visit_status = 'no_show'),
        0) AS no_shows,
      coalesce(sum(a.delta) FILTER (WHERE a.status = 'cancelled'), 0) AS cancelled,
      coalesce(sum(a.delta) FILTER (WHERE a.status = 'booked' AND a.visit_status = 'completed'
        AND a.charged_cents IS NOT NULL), 0) AS charged,
      coalesce(sum(a.delta * a.charged_cents) FILTER (WHERE a.status = 'booked'
        AND a.visit_status = 'completed'), 0) AS charged_cents,
      coalesce(sum(a.delta * a.tip_cents) FILTER (WHERE a.status = 'booked'
        AND a.visit_status = 'completed'), 0) AS tip_cents,
      coalesce(sum(a.delta * extract(epoch FROM a.ends_at - a.starts_at)) FILTER (
        WHERE a.status = 'booked'), 0) AS booked_seconds
    FROM (SELECT *, -1 AS delta FROM unnest(minus) UNION ALL SELECT *, 1 FROM unnest(plus)) AS a
    WHERE a.pending_until IS NULL
    GROUP BY 1, 2),
  by_day AS (INSERT INTO "report_days" AS t
    SELECT * FROM d ORDER BY day, technician
    ON CONFLICT ("day", "technician") DO UPDATE SET "booked" = t.booked + excluded.booked,
      "completed" = t.completed + excluded.completed, "no_shows" = t.no_shows + excluded.no_shows,
      "cancelled" = t.cancelled + excluded.cancelled, "charged" = t.charged + excluded.charged,
      "charged_cents" = t.charged_cents + excluded.charged_cents,
      "tip_cents" = t.tip_cents + excluded.tip_cents,
      "booked_seconds" = t.booked_seconds + excluded.booked_seconds)
  INSERT INTO "report_months" AS t
  SELECT date_trunc('month', day)::date, technician, sum(booked), sum(completed), sum(no_shows),
    sum(cancelled), sum(charged), sum(charged_cents), sum(tip_cents), sum(booked_seconds)
  FROM d GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "technician") DO UPDATE SET "booked" = t.booked + excluded.booked,
    "completed" = t.completed + excluded.completed, "no_shows" = t.no_shows + excluded.no_shows,
    "cancelled" = t.cancelled + excluded.cancelled, "charged" = t.charged + excluded.charged,
    "charged_cents" = t.charged_cents + excluded.charged_cents,
    "tip_cents" = t.tip_cents + excluded.tip_cents,
    "booked_seconds" = t.booked_seconds + excluded.booked_seconds;
  INSERT INTO "report_day_counts" AS t ("day", "kind", "name", "count", "cents")
  SELECT (a.starts_at AT TIME ZONE salon_time_zone())::date, f.kind, f.name,
    sum(a.delta), coalesce(sum(a.delta * f.cents), 0)
  FROM (SELECT *, -1 AS delta FROM unnest(minus) UNION ALL SELECT *, 1 FROM unnest(plus)) AS a
  CROSS JOIN LATERAL (VALUES ('service', a.type_name,
      CASE WHEN a.visit_status = 'completed' THEN a.charged_cents END),
    ('channel', a.channel, NULL::integer),
    (CASE WHEN a.visit_status = 'completed' AND a.charged_cents IS NOT NULL THEN 'charged' END,
      '', a.charged_cents),
    (CASE WHEN a.visit_status IS NULL THEN 'unmarked' END, '', a.price_cents)) AS f(kind, name, cents)
  WHERE a.status = 'booked' AND a.pending_until IS NULL AND f.kind IS NOT NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("day", "kind", "name") DO UPDATE SET "count" = t.count + excluded.count,
    "cents" = t.cents + excluded.cents;
  INSERT INTO "report_cancellations" AS t ("day", "lead_ms", "count")
  SELECT (a.starts_at AT TIME ZONE salon_time_zone())::date,
    floor(extract(epoch FROM a.starts_at - a.cancelled_at) * 1000)::bigint, sum(a.delta)
  FROM (SELECT *, -1 AS delta FROM unnest(minus) UNION ALL SELECT *, 1 FROM unnest(plus)) AS a
  WHERE a.status = 'cancelled' AND a.pending_until IS NULL AND a.cancelled_at IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "lead_ms") DO UPDATE SET "count" = t.count + excluded.count;
  -- Each appointment's seconds split over the wall-clock hours it spans, as the report did.
  INSERT INTO "report_hours" AS t ("day", "hour", "appointments", "seconds")
  SELECT w.day::date, h.hour, sum(w.delta),
    sum(w.delta * extract(epoch FROM least(w.le, w.day + (h.hour + 1) * interval '1 hour')
      - greatest(w.ls, w.day + h.hour * interval '1 hour')))
  FROM (SELECT a.starts_at AT TIME ZONE salon_time_zone() AS ls,
      a.ends_at AT TIME ZONE salon_time_zone() AS le,
      date_trunc('day', a.starts_at AT TIME ZONE salon_time_zone()) AS day, a.delta
    FROM (SELECT *, -1 AS delta FROM unnest(minus) UNION ALL SELECT *, 1 FROM unnest(plus)) AS a
    WHERE a.status = 'booked' AND a.pending_until IS NULL) AS w
  CROSS JOIN LATERAL generate_series(extract(hour FROM w.ls)::int,
    extract(hour FROM w.le - interval '1 microsecond')::int) AS h(hour)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "hour") DO UPDATE SET "appointments" = t.appointments + excluded.appointments,
    "seconds" = t.seconds + excluded.seconds;
$$;
