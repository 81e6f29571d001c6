CREATE TABLE "client_notes" (
	"email_key" text PRIMARY KEY NOT NULL,
	"note" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "client_notes_email_key_lower" CHECK ("client_notes"."email_key" = lower(trim("client_notes"."email_key"))),
	CONSTRAINT "client_notes_email_key_length" CHECK (char_length("client_notes"."email_key") between 3 and 254),
	CONSTRAINT "client_notes_note_length" CHECK (char_length("client_notes"."note") <= 4000),
	CONSTRAINT "client_notes_updated_by_length" CHECK (char_length("client_notes"."updated_by") <= 254)
);
--> statement-breakpoint
-- Hand-written: a customer's page reads their appointments by email, case and spaces aside.
CREATE INDEX "appointments_email_key" ON "appointments" (lower(trim("email")));
