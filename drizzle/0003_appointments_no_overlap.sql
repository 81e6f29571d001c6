-- No worker is ever booked twice at once (docs/product.md#no-double-booking): two overlapping active appointments
-- of one worker cannot both be stored, whatever the application does. Half-open ranges, so
-- back-to-back appointments (one ends at 11:00, the next starts at 11:00) are fine.
-- Drizzle cannot declare an EXCLUDE constraint, hence this hand-written migration.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("worker" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" = 'booked');
