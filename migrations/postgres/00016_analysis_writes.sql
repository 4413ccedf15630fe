-- +goose Up
-- Two changes that make saving an analysis cheap for the database (the
-- writes of store.SaveAnalyses, once per analysed hand). Measured here over
-- the 3,000 hands of examples/ps-session.txt under fresh ids:
--
-- 1. An analysis is stored as the text Scoop wrote (doc), not as jsonb:
--    nothing queries inside it (it is read whole), and parsing some 9 KB
--    of JSON into jsonb was the largest part of the database's work per
--    analysed hand: 0.35 ms of server time a row, against 0.04 ms for text
--    compressed with lz4 (0.13 ms with the default pglz). lz4 is set where
--    the server is built with it (PostgreSQL 14 and later; Debian's
--    packages and the official images are); elsewhere the default stays.
--    The analyses stored before stay in the jsonb column (analysis), read
--    as coalesce(doc, analysis::text), and move to doc when saved again:
--    converting them here would rewrite the table under an exclusive lock,
--    14 s per 100,000 analyses measured, past store.MigrateTimeout (2 min)
--    at some 850,000, so that a large database would never migrate. Every
--    statement below changes the catalogue only.
-- 2. hand_players pages are filled to half, so that the one UPDATE an
--    analysis makes of its hand's rows (adjusted_net, allin, freeroll: no
--    index holds them) is a HOT update, the new row versions on the rows'
--    own page, instead of a new entry in each of the table's six indexes:
--    6.7 us a row against 35 us (1,763 rows, one statement). Every row of
--    an analysed hand is updated once soon after it is written, so a full
--    page would move each new version elsewhere and leave a dead one behind
--    (heap and indexes bloat until vacuumed); half-full pages hold both.
--    The heap is about twice the size of full pages; the indexes do not
--    grow. Only pages written from now on are affected.
ALTER TABLE hand_analyses ADD COLUMN doc text;
ALTER TABLE hand_analyses ALTER COLUMN analysis DROP NOT NULL;
-- One form a row: checked for the rows written from now on (NOT VALID
-- skips the scan of the rows already there, which all hold analysis).
ALTER TABLE hand_analyses ADD CONSTRAINT hand_analyses_one_form CHECK ((doc IS NULL) <> (analysis IS NULL)) NOT VALID;
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE hand_analyses ALTER COLUMN doc SET COMPRESSION lz4;
    END IF;
END
$$;
-- +goose StatementEnd
ALTER TABLE hand_players SET (fillfactor = 50);

-- +goose Down
ALTER TABLE hand_players RESET (fillfactor);
UPDATE hand_analyses SET analysis = doc::jsonb WHERE doc IS NOT NULL;
ALTER TABLE hand_analyses DROP CONSTRAINT hand_analyses_one_form;
ALTER TABLE hand_analyses ALTER COLUMN analysis SET NOT NULL;
ALTER TABLE hand_analyses DROP COLUMN doc;
