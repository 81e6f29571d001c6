-- The visits' counts ('done', 'rebooked', 'online') in report_day_counts: those `gone` taken
-- away, the `fresh` added, only the visits that changed (a regular's others stay as they were),
-- in one pass in key order as report_add. Since drizzle/0032.
CREATE OR REPLACE FUNCTION "report_count_visits"(gone "report_visits"[], fresh "report_visits"[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "report_day_counts" AS t ("day", "kind", "name", "count", "cents")
  SELECT f.day, f.kind, '', sum(v.delta), 0
  FROM (SELECT *, -1 AS delta FROM (SELECT * FROM unnest(gone) EXCEPT ALL
      SELECT * FROM unnest(fresh)) AS g
    UNION ALL SELECT *, 1 FROM (SELECT * FROM unnest(fresh) EXCEPT ALL
      SELECT * FROM unnest(gone)) AS n) AS v
  CROSS JOIN LATERAL (VALUES (v.done_day, 'done'),
    (CASE WHEN v.rebooked THEN v.done_day END, 'rebooked'), (v.online_day, 'online')) AS f(day, kind)
  WHERE f.day IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "kind", "name") DO UPDATE SET "count" = t.count + excluded.count;
$$;
