-- The constants the other functions share with the TypeScript code, each written once here and
-- checked against its TypeScript twin by tests/integration/sql-functions.test.ts:
-- - salon_time_zone(): app/domain/booking/time-zone.ts, SALON_TIME_ZONE. A salon date is the
--   date of an instant on the salon's clock (docs/decisions/007-salon-time-and-booking.md).
-- - forgotten_customer_key(): the customer key (app/domain/customer-key.ts) of the forgotten
--   customer, app/services/staff/retention.server.ts's FORGOTTEN.
-- IMMUTABLE SQL functions without arguments: the planner replaces a call by its value, so a
-- statement that calls one runs as if the literal were written there (docs/performance.md).
-- Since drizzle/0036.
CREATE OR REPLACE FUNCTION "salon_time_zone"() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'America/Chicago'
$$;

CREATE OR REPLACE FUNCTION "forgotten_customer_key"() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'forgotten@invalid'
$$;
