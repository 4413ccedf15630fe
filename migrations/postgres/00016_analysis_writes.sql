-- +goose Up
-- Two changes that make saving an analysis cheap for the database (the
-- writes of store.SaveAnalyses, once per analysed hand). Measured here over
-- the 3,000 hands of examples/ps-session.txt under fresh ids:
--
-- 1. An analysis is stored as the text Scoop wrote, not as jsonb: nothing
--    queries inside it (it is read whole, `analysis::text`), and parsing
--    some 9 KB of JSON into jsonb was the largest part of the database's
--    work per analysed hand: 0.35 ms of server time a row, against 0.04 ms
--    for text compressed with lz4 (0.13 ms with the default pglz). lz4 is
--    set where the server is built with it (PostgreSQL 14 and later;
--    Debian's packages and the official images are); elsewhere the
--    default compression stays.
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
ALTER TABLE hand_analyses ALTER COLUMN analysis TYPE text USING analysis::text;
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE hand_analyses ALTER COLUMN analysis SET COMPRESSION lz4;
    END IF;
END
$$;
-- +goose StatementEnd
ALTER TABLE hand_players SET (fillfactor = 50);

-- +goose Down
ALTER TABLE hand_players RESET (fillfactor);
ALTER TABLE hand_analyses ALTER COLUMN analysis SET COMPRESSION default;
ALTER TABLE hand_analyses ALTER COLUMN analysis TYPE jsonb USING analysis::jsonb;
