-- Every figure of the report again from the appointments: the appointments already stored
-- (drizzle/0034, once the recount was fast) and the tests' check that what the triggers kept
-- through each change is what a fresh count gives (tests/integration/report-figures-kept.test.ts).
-- Since drizzle/0032; the customers' keys from customer_key() since 0036; report_refresh_customers
-- (report_refresh_clients before) since 0040.
CREATE OR REPLACE FUNCTION "report_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_forget_all"();
  PERFORM "report_add"('{}', array(SELECT a FROM "appointments" AS a));
  PERFORM "report_refresh_customers"(array(
    SELECT DISTINCT customer_key(a.email, a.phone) FROM "appointments" AS a));
END $$;
