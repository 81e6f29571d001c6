CREATE TABLE "visit_payments" (
	"visit_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"stripe_customer_id" text,
	"payment_method_id" text,
	"payment_intent_id" text,
	"setup_intent_id" text,
	"paid_cents" integer,
	"policy_text" text NOT NULL,
	"policy_version" integer NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "visit_payments_kind" CHECK ("visit_payments"."kind" in ('card', 'deposit')),
	CONSTRAINT "visit_payments_state" CHECK ("visit_payments"."state" in ('awaiting', 'confirmed', 'expired')),
	CONSTRAINT "visit_payments_amounts" CHECK ("visit_payments"."amount_cents" between 0 and 1000000 and ("visit_payments"."paid_cents" is null or "visit_payments"."paid_cents" >= 0)),
	CONSTRAINT "visit_payments_text_lengths" CHECK (char_length("visit_payments"."policy_text") between 1 and 5000 and ("visit_payments"."ip_address" is null or char_length("visit_payments"."ip_address") <= 64) and ("visit_payments"."user_agent" is null or char_length("visit_payments"."user_agent") <= 500) and ("visit_payments"."checkout_url" is null or char_length("visit_payments"."checkout_url") <= 2000)),
	CONSTRAINT "visit_payments_stripe_ids" CHECK (greatest(char_length("visit_payments"."checkout_session_id"), char_length("visit_payments"."stripe_customer_id"), char_length("visit_payments"."payment_method_id"), char_length("visit_payments"."payment_intent_id"), char_length("visit_payments"."setup_intent_id")) <= 255)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "visit_payments_checkout_session" ON "visit_payments" USING btree ("checkout_session_id") WHERE "visit_payments"."checkout_session_id" is not null;