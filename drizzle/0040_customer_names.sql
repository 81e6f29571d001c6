-- Hand-written (custom migration, issue 37): a customer was called a "client" in the database's
-- names (docs/architecture.md#words; "client" is the network address a limit counts). Renamed in
-- place, every row kept: the staff's notes on a customer and the report's customers, their keys
-- and checks; the two functions that recount the report's customers are made under their new
-- names and the old ones dropped, and the functions that call them or name the table are replaced
-- by their files' current text (drizzle/functions/, docs/architecture.md#data). The labels a
-- person reads ('Clients', 'Client Notes') stay as they are.
ALTER TABLE "client_notes" RENAME TO "customer_notes";--> statement-breakpoint
ALTER TABLE "customer_notes" RENAME CONSTRAINT "client_notes_pkey" TO "customer_notes_pkey";--> statement-breakpoint
ALTER TABLE "customer_notes" RENAME CONSTRAINT "client_notes_email_key_lower" TO "customer_notes_email_key_lower";--> statement-breakpoint
ALTER TABLE "customer_notes" RENAME CONSTRAINT "client_notes_email_key_length" TO "customer_notes_email_key_length";--> statement-breakpoint
ALTER TABLE "customer_notes" RENAME CONSTRAINT "client_notes_note_length" TO "customer_notes_note_length";--> statement-breakpoint
ALTER TABLE "customer_notes" RENAME CONSTRAINT "client_notes_updated_by_length" TO "customer_notes_updated_by_length";--> statement-breakpoint
ALTER TABLE "report_clients" RENAME TO "report_customers";--> statement-breakpoint
ALTER TABLE "report_customers" RENAME CONSTRAINT "report_clients_pkey" TO "report_customers_pkey";--> statement-breakpoint
-- PostgreSQL 18 (PGlite) names a NOT NULL constraint after its table and column, as a new
-- database would have them now; PostgreSQL 15 keeps none, and this renames nothing there.
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE contype = 'n' AND conname ~ '^(client_notes|report_clients)_'
      AND connamespace = 'public'::regnamespace
  LOOP
    EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', c.tbl, c.conname,
      regexp_replace(c.conname, '^(client_notes|report_clients)_',
        CASE WHEN c.conname ~ '^client_notes_' THEN 'customer_notes_' ELSE 'report_customers_' END));
  END LOOP;
END $$;
--> statement-breakpoint
-- drizzle/functions/report_refresh_customers.sql
-- The report's customers and their visits (docs/product.md#reports). A customer is a customer
-- key, customer_key(email, phone) (customer_key.sql; a lookup of keys uses drizzle/0031's index
-- appointments_customer_key).
--
-- report_refresh_customers(keys): recounts the customers `keys`, 50 at a time (given thousands
-- of keys at once, the "= ANY(keys)" below compared every appointment with every key: 5,000
-- appointments of 2,000 customers took 15 s on PGlite, drizzle/0034). Every group's advisory
-- locks are taken here, first, in order (the one place they are taken): writers of one customer
-- take turns, held to commit. The forgotten customer (forgotten_customer_key(): every forgotten
-- visit has her email and no phone) is nobody: no customer, no visits of a customer, so 'Forget
-- Customer' and the retention job never recount her ever-growing rows. Since drizzle/0034; the
-- key from forgotten_customer_key() since 0036; named for customers, not "clients", since 0040
-- (docs/architecture.md#words).
--
-- report_refresh_customer_group(keys): the customers' visits and facts, recomputed from all
-- their appointments (a customer has few): what a visit counts depends on her other appointments
-- (a later one booked within 24 hours, a completed one within 90 days). Runs after the locks, so
-- each statement sees every committed change. drizzle/0032's report_refresh_clients, renamed
-- report_refresh_client_group by 0034 and report_refresh_customer_group by 0040; the zone from
-- salon_time_zone() and the key from customer_key() since 0036.
CREATE OR REPLACE FUNCTION "report_refresh_customers"(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sorted text[] := array(SELECT DISTINCT k FROM unnest(keys) AS k
    WHERE k <> forgotten_customer_key() ORDER BY 1);
  i integer := 1;
BEGIN
  PERFORM pg_advisory_xact_lock(20261127, b.bucket)
  FROM (SELECT DISTINCT hashtext(k) & 127 AS bucket FROM unnest(sorted) AS k ORDER BY 1) AS b;
  WHILE i <= coalesce(array_length(sorted, 1), 0) LOOP
    PERFORM "report_refresh_customer_group"(sorted[i:i + 49]);
    i := i + 50;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_refresh_customer_group"(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone "report_visits"[];
  fresh "report_visits"[];
BEGIN
  WITH d AS (DELETE FROM "report_visits" WHERE "k" = ANY(keys) RETURNING *)
  SELECT array_agg(d::"report_visits") INTO gone FROM d;
  WITH customer_rows AS (
    SELECT customer_key(a.email, a.phone) AS k, a.visit_id, a.starts_at,
      a.ends_at, a.created_at, a.channel, a.status = 'booked' AS kept,
      a.status = 'booked' AND a.visit_status = 'completed' AS done
    FROM "appointments" AS a
    WHERE customer_key(a.email, a.phone) = ANY(keys) AND a.pending_until IS NULL),
  -- What was booked after each start: the least created_at of the kept rows starting later.
  later AS (SELECT *, min(created_at) FILTER (WHERE kept) OVER (PARTITION BY k ORDER BY starts_at
      RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING EXCLUDE GROUP) AS booked_after
    FROM customer_rows),
  visits AS (SELECT k, visit_id,
      min(created_at) FILTER (WHERE channel = 'online') AS online_at,
      range_agg(daterange((created_at AT TIME ZONE salon_time_zone())::date,
        (created_at AT TIME ZONE salon_time_zone())::date, '[]'))
        FILTER (WHERE channel = 'online') AS online_days,
      min(starts_at) FILTER (WHERE done) AS done_start,
      max(ends_at) FILTER (WHERE done) AS done_end,
      max(starts_at) FILTER (WHERE kept) AS last_start,
      -- Only grows with the start: the visit's greatest is the value at its last start.
      max(coalesce(booked_after, 'infinity')) FILTER (WHERE kept) AS booked_after
    FROM later GROUP BY k, visit_id),
  made AS (INSERT INTO "report_visits" ("k", "visit_id", "online_day", "done_day", "rebooked",
      "online_later")
    SELECT v.k, v.visit_id, (v.online_at AT TIME ZONE salon_time_zone())::date,
      (v.done_start AT TIME ZONE salon_time_zone())::date,
      v.done_start IS NOT NULL AND (v.booked_after <= v.done_end + interval '24 hours'
        -- Another visit's rows between this one's first completed start and its last start.
        OR (v.last_start > v.done_start AND EXISTS (SELECT 1 FROM "appointments" AS b
          WHERE customer_key(b.email, b.phone) = v.k
            AND b.visit_id <> v.visit_id AND b.status = 'booked' AND b.pending_until IS NULL
            AND b.starts_at > v.done_start AND b.starts_at <= v.last_start
            AND b.created_at <= v.done_end + interval '24 hours'))),
      -- Its rows booked online on later dates than the first (a visit is counted once).
      nullif(v.online_days - datemultirange(daterange((v.online_at AT TIME ZONE salon_time_zone())::date,
        (v.online_at AT TIME ZONE salon_time_zone())::date, '[]')), '{}')
    FROM visits AS v WHERE v.online_at IS NOT NULL OR v.done_start IS NOT NULL
    RETURNING *)
  SELECT array_agg(made::"report_visits") INTO fresh FROM made;
  PERFORM "report_count_visits"(gone, fresh);
  DELETE FROM "report_customers" WHERE "k" = ANY(keys);
  INSERT INTO "report_customers" ("k", "first_kept", "kept_days", "done_days", "back_days")
  WITH customer_rows AS (
    SELECT customer_key(a.email, a.phone) AS k, a.visit_id, a.starts_at,
      (a.starts_at AT TIME ZONE salon_time_zone())::date AS day, a.visit_status = 'completed' AS done
    FROM "appointments" AS a
    WHERE customer_key(a.email, a.phone) = ANY(keys)
      AND a.status = 'booked' AND a.pending_until IS NULL),
  -- A completed row is followed within 90 days by a completed one of another visit when the
  -- completed rows in (start, start + 90 days] outnumber its own visit's there.
  done_rows AS (SELECT k, day,
      count(*) OVER (PARTITION BY k ORDER BY starts_at
        RANGE BETWEEN CURRENT ROW AND interval '90 days' FOLLOWING EXCLUDE GROUP)
      > count(*) OVER (PARTITION BY k, visit_id ORDER BY starts_at
        RANGE BETWEEN CURRENT ROW AND interval '90 days' FOLLOWING EXCLUDE GROUP) AS back,
      starts_at = min(starts_at) OVER (PARTITION BY k, day) AS first_of_day
    FROM customer_rows WHERE done),
  done_days AS (SELECT k, range_agg(daterange(day, day, '[]')) AS done_days,
      range_agg(daterange(day, day, '[]')) FILTER (WHERE first_of_day AND back) AS back_days
    FROM done_rows GROUP BY k)
  SELECT c.k, c.first_kept, c.kept_days, coalesce(d.done_days, '{}'), coalesce(d.back_days, '{}')
  FROM (SELECT k, min(starts_at) AS first_kept, range_agg(daterange(day, day, '[]')) AS kept_days
    FROM customer_rows GROUP BY k) AS c
  LEFT JOIN done_days AS d USING (k);
END $$;
--> statement-breakpoint
-- drizzle/functions/report_appointments.sql
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_appointments_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_add"(array(SELECT o::"appointments" FROM old_rows AS o), '{}');
  PERFORM "report_refresh_customers"(array(
    SELECT DISTINCT customer_key(o.email, o.phone) FROM old_rows AS o));
  RETURN NULL;
END $$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_appointments_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_forget_all"();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "report_appointments_inserted" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_inserted"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "report_appointments_updated" AFTER UPDATE ON "appointments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_updated"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "report_appointments_deleted" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_deleted"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "report_appointments_truncated" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_truncated"();
--> statement-breakpoint
-- drizzle/functions/report_rebuild.sql
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
--> statement-breakpoint
-- drizzle/functions/report_forget_all.sql
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
--> statement-breakpoint
-- The old names: nothing calls them any more.
DROP FUNCTION "report_refresh_clients"(text[]);--> statement-breakpoint
DROP FUNCTION "report_refresh_client_group"(text[]);
