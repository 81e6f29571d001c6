CREATE TABLE "contact_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_entries_name_length" CHECK (char_length("contact_entries"."name") between 1 and 100),
	CONSTRAINT "contact_entries_email_length" CHECK (char_length("contact_entries"."email") between 3 and 254),
	CONSTRAINT "contact_entries_reason" CHECK ("contact_entries"."reason" in ('Question', 'Comment', 'Concern')),
	CONSTRAINT "contact_entries_message_length" CHECK (char_length("contact_entries"."message") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status" CHECK ("email_outbox"."status" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "email_outbox_attempts_not_negative" CHECK ("email_outbox"."attempts" >= 0),
	CONSTRAINT "email_outbox_to_address_length" CHECK (char_length("email_outbox"."to_address") between 3 and 320),
	CONSTRAINT "email_outbox_reply_to_length" CHECK (char_length("email_outbox"."reply_to") <= 320),
	CONSTRAINT "email_outbox_subject_length" CHECK (char_length("email_outbox"."subject") between 1 and 300),
	CONSTRAINT "email_outbox_text_body_length" CHECK (char_length("email_outbox"."text_body") <= 100000),
	CONSTRAINT "email_outbox_html_body_length" CHECK (char_length("email_outbox"."html_body") <= 200000),
	CONSTRAINT "email_outbox_attachments_array" CHECK (jsonb_typeof("email_outbox"."attachments") = 'array'),
	CONSTRAINT "email_outbox_last_error_length" CHECK (char_length("email_outbox"."last_error") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"page_name" text PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_page_name_length" CHECK (char_length("page_views"."page_name") between 1 and 100),
	CONSTRAINT "page_views_views_not_negative" CHECK ("page_views"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start"),
	CONSTRAINT "rate_limits_key_length" CHECK (char_length("rate_limits"."key") between 1 and 200),
	CONSTRAINT "rate_limits_hits_not_negative" CHECK ("rate_limits"."hits" >= 0)
);
--> statement-breakpoint
CREATE INDEX "contact_entries_created_at" ON "contact_entries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_outbox_due" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "rate_limits_window_start" ON "rate_limits" USING btree ("window_start");