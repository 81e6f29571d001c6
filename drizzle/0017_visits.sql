ALTER TABLE "appointment_types" ADD COLUMN "buffer_min" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "add_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "side_by_side" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_min" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "blocked_until" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_visit_id" ON "appointments" USING btree ("visit_id");--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_buffer" CHECK ("appointment_types"."buffer_min" between 0 and 120 and "appointment_types"."buffer_min" % 5 = 0);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_buffer" CHECK ("appointments"."buffer_min" between 0 and 120 and "appointments"."blocked_until" >= "appointments"."ends_at");--> statement-breakpoint
-- Hand-written below (docs/product.md#visits): a service's clean-up minutes keep its worker busy
-- after it. blocked_until (ends_at + buffer_min) is set here on every write, so no writer can
-- forget it; the exclusion constraint and the listing's busy times use it instead of ends_at.
CREATE FUNCTION "appointments_set_blocked_until"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.blocked_until := NEW.ends_at + make_interval(mins => NEW.buffer_min);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_set_blocked_until"
  BEFORE INSERT OR UPDATE OF "ends_at", "buffer_min", "blocked_until" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointments_set_blocked_until"();--> statement-breakpoint
UPDATE "appointments" SET "blocked_until" = "ends_at";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
-- No worker is booked twice at once, clean-up included (drizzle/0003, now up to blocked_until).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("worker" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&)
  WHERE ("status" = 'booked');--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_worker_busy_days"(w text, days date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "worker_busy_days" WHERE "worker" = w AND "day" = ANY(days);
  INSERT INTO "worker_busy_days" ("worker", "day", "starts", "ends")
  SELECT w, d.day, b.starts, b.ends
  FROM (SELECT DISTINCT unnest(days) AS day) AS d
  CROSS JOIN LATERAL (
    SELECT array_agg(date_part('epoch', a.starts_at) ORDER BY a.starts_at, a.blocked_until) AS starts,
      array_agg(date_part('epoch', a.blocked_until) ORDER BY a.starts_at, a.blocked_until) AS ends
    FROM "appointments" AS a
    WHERE a.worker = w AND a.status = 'booked'
      AND tstzrange(a.starts_at, a.blocked_until, '[)') &&
        tstzrange(d.day::timestamp AT TIME ZONE 'UTC', (d.day + 1)::timestamp AT TIME ZONE 'UTC', '[)')
  ) AS b
  WHERE b.starts IS NOT NULL;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointments_bump_availability"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    days := "appointment_days"(NEW.starts_at, NEW.blocked_until);
  ELSIF TG_OP = 'DELETE' THEN
    days := "appointment_days"(OLD.starts_at, OLD.blocked_until);
  ELSE
    days := "appointment_days"(OLD.starts_at, OLD.blocked_until) || "appointment_days"(NEW.starts_at, NEW.blocked_until);
  END IF;
  PERFORM "bump_availability"(days);
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_worker_busy_days"(NEW.worker, days);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_worker_busy_days"(OLD.worker, days);
  ELSE
    PERFORM "refresh_worker_busy_days"(OLD.worker, days);
    IF NEW.worker <> OLD.worker THEN
      PERFORM "refresh_worker_busy_days"(NEW.worker, days);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "appointments_bump_availability" ON "appointments";--> statement-breakpoint
CREATE TRIGGER "appointments_bump_availability"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "worker", "starts_at", "ends_at", "buffer_min", "blocked_until" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointments_bump_availability"();--> statement-breakpoint
-- The menu's own add-ons (app/content/services.ts) become add-ons; manicures and pedicures may
-- be done side by side.
UPDATE "appointment_types" SET "add_on" = true WHERE "category" = 'Add-On Services';--> statement-breakpoint
UPDATE "appointment_types" SET "side_by_side" = true WHERE "category" IN ('Manicure', 'Pedicure', 'Gel Polish');
