-- The statement triggers on appointments that keep the report's figures (docs/product.md#reports)
-- in each change's own transaction (docs/performance.md, "Reports over a year"): the rows
-- inserted, deleted or changed go to report_add, their customers to report_refresh_customers;
-- an update counts only the rows whose counted columns changed (a reminder stamp or a token
-- changes none), and recounts their customers only when what report_refresh_customer_group reads
-- changed (a technician renamed changes none). Emptying the table empties the figures. Since
-- drizzle/0032; the customers' keys from customer_key() since 0036; report_refresh_customers
-- (report_refresh_clients before) since 0040.
CREATE OR REPLACE FUNCTION "report_appointments_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_add"('{}', array(SELECT n::"appointments" FROM new_rows AS n));
  PERFORM "report_refresh_customers"(array(
    SELECT DISTINCT customer_key(n.email, n.phone) FROM new_rows AS n));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "report_appointments_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_add"(array(SELECT o::"appointments" FROM old_rows AS o), '{}');
  PERFORM "report_refresh_customers"(array(
    SELECT DISTINCT customer_key(o.email, o.phone) FROM old_rows AS o));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "report_appointments_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before "appointments"[];
  after "appointments"[];
BEGIN
  SELECT array_agg(o::"appointments"), array_agg(n::"appointments") INTO before, after
  FROM old_rows AS o JOIN new_rows AS n USING (id)
  WHERE (o.starts_at, o.ends_at, o.technician, o.type_name, o.channel, o.status, o.pending_until,
      o.visit_status, o.charged_cents, o.tip_cents, o.price_cents, o.cancelled_at, o.email,
      o.phone, o.visit_id, o.created_at)
    IS DISTINCT FROM (n.starts_at, n.ends_at, n.technician, n.type_name, n.channel, n.status,
      n.pending_until, n.visit_status, n.charged_cents, n.tip_cents, n.price_cents,
      n.cancelled_at, n.email, n.phone, n.visit_id, n.created_at);
  IF before IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM "report_add"(before, after);
  PERFORM "report_refresh_customers"(array(
    SELECT c.k FROM old_rows AS o JOIN new_rows AS n USING (id)
    CROSS JOIN LATERAL (VALUES (customer_key(o.email, o.phone)),
      (customer_key(n.email, n.phone))) AS c(k)
    WHERE (o.starts_at, o.ends_at, o.created_at, o.channel, o.status, o.pending_until,
        o.visit_status, o.email, o.phone, o.visit_id)
      IS DISTINCT FROM (n.starts_at, n.ends_at, n.created_at, n.channel, n.status,
        n.pending_until, n.visit_status, n.email, n.phone, n.visit_id)));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "report_appointments_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_forget_all"();
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "report_appointments_inserted" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_inserted"();

CREATE OR REPLACE TRIGGER "report_appointments_updated" AFTER UPDATE ON "appointments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_updated"();

CREATE OR REPLACE TRIGGER "report_appointments_deleted" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_deleted"();

CREATE OR REPLACE TRIGGER "report_appointments_truncated" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_truncated"();

