-- +goose Up
-- A hand and its verdict are stored as the text Scoop wrote (hand_doc,
-- verdict_doc), not as jsonb, as analyses are since migration 16: nothing
-- queries inside them (they are read whole), and parsing them into jsonb
-- was the largest part of the database's work of storing a hand. Measured
-- here on the hands of examples/ps-session.txt (1.4 KB of hand and 0.6 KB
-- of verdict each), 3,000 rows inserted by one statement: 133 ms as jsonb,
-- 8 ms as text; read back as text, 12 us a hand less. A hand read back is
-- also byte for byte the JSON that was stored (jsonb reorders keys), as on
-- SQLite.
-- The hands stored before stay in the jsonb columns, read as
-- coalesce(hand_doc, hand::text), and a verdict moves to verdict_doc when
-- it is written again (scoop reverify): converting them here would rewrite
-- the table under an exclusive lock, past store.MigrateTimeout on a large
-- database. Every statement below changes the catalogue only.
ALTER TABLE hands ADD COLUMN hand_doc text, ADD COLUMN verdict_doc text;
ALTER TABLE hands ALTER COLUMN hand DROP NOT NULL, ALTER COLUMN verdict DROP NOT NULL;
-- One form a value: checked for the rows written from now on (NOT VALID
-- skips the scan of the rows already there, which all hold jsonb).
ALTER TABLE hands ADD CONSTRAINT hands_hand_one_form CHECK ((hand_doc IS NULL) <> (hand IS NULL)) NOT VALID;
ALTER TABLE hands ADD CONSTRAINT hands_verdict_one_form CHECK ((verdict_doc IS NULL) <> (verdict IS NULL)) NOT VALID;
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE hands ALTER COLUMN hand_doc SET COMPRESSION lz4, ALTER COLUMN verdict_doc SET COMPRESSION lz4;
    END IF;
END
$$;
-- +goose StatementEnd

-- +goose Down
UPDATE hands SET hand = hand_doc::jsonb, hand_doc = NULL WHERE hand_doc IS NOT NULL;
UPDATE hands SET verdict = verdict_doc::jsonb, verdict_doc = NULL WHERE verdict_doc IS NOT NULL;
ALTER TABLE hands DROP CONSTRAINT hands_verdict_one_form, DROP CONSTRAINT hands_hand_one_form;
ALTER TABLE hands ALTER COLUMN hand SET NOT NULL, ALTER COLUMN verdict SET NOT NULL;
ALTER TABLE hands DROP COLUMN verdict_doc, DROP COLUMN hand_doc;
