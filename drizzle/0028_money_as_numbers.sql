-- Money as numbers (docs/product.md#prices-and-payments). Prices were text ("$50", "$60+",
-- "$52.50"); they become cents and a 'from' flag (the "+"), read once here from the texts of the
-- services, the booked appointments and their booked add-ons. The `price` texts every page and
-- email reads stay, now generated from the numbers (the same text as formatPrice in
-- app/domain/money.ts), so the two can never disagree. A text this cannot read (none was ever
-- written: the services' CHECK allowed only "$50", "$52.50", "$60+") keeps its first whole number
-- as a starting price, or "$0+" without one.
CREATE FUNCTION "money_0028_price"(price text, OUT cents integer, OUT "from" boolean)
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    CASE WHEN m IS NULL
      THEN coalesce(substring(price from '[0-9]{1,7}')::integer * 100, 0)
      ELSE replace(m[1], ',', '')::integer * 100 + coalesce(rpad(m[2], 2, '0'), '0')::integer
    END,
    m IS NULL OR m[3] IS NOT NULL
  FROM (
    SELECT regexp_match(btrim(price), '^\$?\s*([0-9]{1,3}(?:,[0-9]{3}){1,2}|[0-9]{1,7})(?:\.([0-9]{1,2}))?\s*(\+)?$') AS m
  ) AS parsed
$$;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "price_from" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "price_from" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "charged_cents" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "tip_cents" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "channel" text;--> statement-breakpoint
UPDATE "appointment_types" SET ("price_cents", "price_from") = (SELECT cents, "from" FROM "money_0028_price"("price"));--> statement-breakpoint
UPDATE "appointments" SET ("price_cents", "price_from") = (SELECT cents, "from" FROM "money_0028_price"("price"));--> statement-breakpoint
-- Each booked add-on gains its cents beside its text.
UPDATE "appointments" SET "add_ons" = (
  SELECT jsonb_agg(addon || jsonb_build_object('priceCents', (SELECT cents FROM "money_0028_price"(addon ->> 'price'))) ORDER BY place)
  FROM jsonb_array_elements("add_ons") WITH ORDINALITY AS booked(addon, place)
) WHERE jsonb_array_length("add_ons") > 0;--> statement-breakpoint
-- How each was booked, as well as the rows tell: a visit a waitlist entry was marked booked for
-- (same email, its offered start), a booking the activity log shows staff made by phone within a
-- minute of it, and every other online (the public form made most; a booking whose customer was
-- renamed since, or whose log or waitlist entry is gone, counts as online).
UPDATE "appointments" SET "channel" = CASE
  WHEN EXISTS (
    SELECT 1 FROM "waitlist_entries" w
    WHERE w."status" = 'booked' AND lower(w."email") = lower("appointments"."email")
      AND w."offered_starts_at" = (SELECT min(v."starts_at") FROM "appointments" v WHERE v."visit_id" = "appointments"."visit_id")
  ) THEN 'waitlist'
  WHEN "client" IS NULL AND EXISTS (
    SELECT 1 FROM "staff_actions" s
    WHERE starts_with(s."action", 'Booked ' || "appointments"."name" || ' by phone for ')
      AND s."at" BETWEEN "appointments"."created_at" - interval '1 minute' AND "appointments"."created_at" + interval '1 minute'
  ) THEN 'staff'
  ELSE 'online'
END;--> statement-breakpoint
DROP FUNCTION "money_0028_price"(text);--> statement-breakpoint
ALTER TABLE "appointment_types" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "channel" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" DROP CONSTRAINT "appointment_types_price";--> statement-breakpoint
ALTER TABLE "appointment_types" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "price" text GENERATED ALWAYS AS ('$' || ("price_cents" / 100)::text || case when "price_cents" % 100 = 0 then '' else '.' || lpad(("price_cents" % 100)::text, 2, '0') end || case when "price_from" then '+' else '' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "price" text GENERATED ALWAYS AS ('$' || ("price_cents" / 100)::text || case when "price_cents" % 100 = 0 then '' else '.' || lpad(("price_cents" % 100)::text, 2, '0') end || case when "price_from" then '+' else '' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_price_cents" CHECK ("appointment_types"."price_cents" between 0 and 9999999);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_channel" CHECK ("appointments"."channel" in ('online', 'staff', 'waitlist'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_price_cents" CHECK ("appointments"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_paid" CHECK (("appointments"."charged_cents" is null or "appointments"."charged_cents" between 0 and 9999999) and ("appointments"."tip_cents" is null or "appointments"."tip_cents" between 0 and 9999999));
