-- Who a customer is (docs/product.md#customers): app/domain/customer-key.ts's customerKey, their
-- email, case and spaces aside, or "tel:" (PHONE_KEY) and their phone for a caller booked without
-- one; tests/integration/sql-functions.test.ts checks the two agree. The index
-- appointments_customer_key (drizzle/0031) is on the same expression: IMMUTABLE SQL, the planner
-- puts this text in place of a call, so `customer_key(a.email, a.phone) = ANY(keys)` uses it.
-- Since drizzle/0036 (the report's functions wrote the expression out, 11 times).
CREATE OR REPLACE FUNCTION "customer_key"(email text, phone text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(lower(trim(email)), 'tel:' || phone)
$$;
