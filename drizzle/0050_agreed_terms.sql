ALTER TABLE "visit_payments" ADD COLUMN "cancellation_window_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "late_cancel_fee_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "no_show_fee_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
-- Visits agreed to before this: the owner's settings as they are now, which their fees and window
-- followed until now (exactly what they agreed to when its version is still the current one).
UPDATE "visit_payments" SET
  "cancellation_window_hours" = s."cancellation_window_hours",
  "late_cancel_fee_percent" = s."late_cancel_fee_percent",
  "no_show_fee_percent" = s."no_show_fee_percent"
FROM "payment_settings" s WHERE s."id" = 1;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD CONSTRAINT "visit_payments_terms" CHECK ("visit_payments"."cancellation_window_hours" between 0 and 720 and "visit_payments"."late_cancel_fee_percent" between 0 and 100 and "visit_payments"."no_show_fee_percent" between 0 and 100);