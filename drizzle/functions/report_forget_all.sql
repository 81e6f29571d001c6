-- Forgets every figure of the report: emptying appointments (report_appointments_truncated), and
-- the first step of report_rebuild. Since drizzle/0032.
CREATE OR REPLACE FUNCTION "report_forget_all"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "report_days";
  DELETE FROM "report_months";
  DELETE FROM "report_day_counts";
  DELETE FROM "report_hours";
  DELETE FROM "report_cancellations";
  DELETE FROM "report_customers";
  DELETE FROM "report_visits";
$$;
