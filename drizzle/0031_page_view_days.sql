CREATE TABLE "page_view_days" (
	"day" date NOT NULL,
	"page_name" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_days_page_name_day_pk" PRIMARY KEY("page_name","day"),
	CONSTRAINT "page_view_days_page_name_length" CHECK (char_length("page_view_days"."page_name") between 1 and 100),
	CONSTRAINT "page_view_days_views_not_negative" CHECK ("page_view_days"."views" >= 0)
);
--> statement-breakpoint
-- Hand-written: a customer as the customers page and the reports name one (an email, case and
-- spaces aside, or "tel:" and the phone: app/domain/customer-key.ts), so the reports find a
-- client's other appointments by index.
CREATE INDEX "appointments_customer_key" ON "appointments" (coalesce(lower(trim("email")), 'tel:' || "phone"));
