-- Customers' phones in one form, E.164 (docs/product.md#phone-numbers): a US number as people
-- typed it ("312.555.0101", "(312) 555-0101", "1 312 555 0101", "+1 312-555-0101") becomes
-- "+13125550101". The app reads new input with libphonenumber-js; SQL cannot, so this takes only
-- the North American shape (area code and exchange not starting 0 or 1) and leaves every other
-- value (a short number, another country's, words) as it was: the pages show those unchanged.
UPDATE "appointments"
SET "phone" = '+1' || right(regexp_replace("phone", '[^0-9]', '', 'g'), 10)
WHERE "phone" ~ '^\s*(\+\s*1)?[0-9 ().-]+$'
  AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^1?[2-9][0-9]{2}[2-9][0-9]{6}$'
  AND "phone" <> '+1' || right(regexp_replace("phone", '[^0-9]', '', 'g'), 10);
