-- What the day listing reads for one date (app/services/booking/slot-listing.server.ts), for every
-- date of a month, as one JSON value: the availability version of the month's UTC days, the
-- services and add-ons asked for, closed days and days off, the salon's week and special hours,
-- the technicians' own hours, holds, and each technician's booked times per UTC day as the bounds of
-- technician_busy_days.busy (busy_ranges) in one text. A PL/pgSQL function because its statement is
-- planned once per connection and kept: sent as a statement, PGlite planned it on every request
-- (about a third of its cost, docs/performance.md, "/schedule/days").
-- app/services/booking/month-data.server.ts reads it. Since drizzle/0033.
CREATE OR REPLACE FUNCTION "month_listing_data"(p_type_ids uuid[], p_first text, p_last text,
  p_start timestamptz, p_end timestamptz, p_version_first date, p_version_last date)
  RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  ws text[];
BEGIN
  -- Every technician of the services: a requested one is among them (the listing checks).
  SELECT coalesce(array_agg(DISTINCT w.name), '{}') INTO ws
  FROM "appointment_types" AS t CROSS JOIN LATERAL unnest(t.technicians) AS w(name)
  WHERE t.id = ANY(p_type_ids);
  RETURN json_build_object(
    'version', (SELECT coalesce(max(v.version), 0) FROM "availability_versions" AS v
      WHERE v.day BETWEEN p_version_first AND p_version_last OR v.day = '-infinity'),
    'types', (SELECT json_agg(json_build_object('id', t.id, 'durationMin', t.duration_min,
        'daysOfWeek', t.days_of_week, 'startTime', t.start_time, 'endTime', t.end_time,
        'technicians', t.technicians, 'bufferMin', t.buffer_min, 'sideBySide', t.side_by_side,
        'addOn', t.add_on))
      FROM "appointment_types" AS t WHERE t.id = ANY(p_type_ids)),
    'closed', (SELECT json_agg(json_build_object('date', c.date, 'technician', c.technician))
      FROM "closed_days" AS c WHERE c.date BETWEEN p_first AND p_last),
    'hours', (SELECT s.hours FROM "site_details" AS s WHERE s.id = 1),
    'special', (SELECT json_agg(json_build_object('fromDate', sp.from_date, 'toDate', sp.to_date,
        'closed', sp.closed, 'opens', sp.opens, 'closes', sp.closes) ORDER BY sp.created_at)
      FROM "special_hours" AS sp WHERE sp.from_date <= p_last AND sp.to_date >= p_first),
    'technicianHours', (SELECT json_object_agg(th.name, th.hours) FROM "technicians" AS th
      WHERE th.name = ANY(ws) AND th.hours IS NOT NULL),
    'holds', (SELECT json_agg(json_build_object('technician', h.technician,
        'start', date_part('epoch', h.starts_at), 'end', date_part('epoch', h.ends_at),
        'expires', date_part('epoch', h.expires_at), 'holder', h.holder))
      FROM "slot_holds" AS h
      WHERE h.technician = ANY(ws) AND h.starts_at < p_end AND h.ends_at > p_start),
    'busy', (SELECT json_agg(json_build_array(b.technician, b.day,
        (SELECT string_agg(date_part('epoch', lower(r)) || ',' || date_part('epoch', upper(r)), ',')
          FROM unnest(b.busy) AS r)))
      FROM "technician_busy_days" AS b
      WHERE b.technician = ANY(ws)
        AND b.day BETWEEN (p_start AT TIME ZONE 'UTC')::date AND (p_end AT TIME ZONE 'UTC')::date)
  );
END $$;
