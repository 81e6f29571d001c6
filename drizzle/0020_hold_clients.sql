ALTER TABLE "slot_holds" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "slot_holds_client" ON "slot_holds" USING btree ("client");