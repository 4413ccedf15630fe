-- +goose Up
-- The player statistics' ledgers, seats and hole cards (issue 24): every
-- amount over several hands is summed per ledger (the hand's kind of
-- money, stats.KindOf, and its ledger, stats.Ledger.Key: one currency with
-- its chip unit, one tournament, or play money), and the filters read the
-- player's seat (BTN, SB, BB, UTG, MP, CO) and hole cards here. The rows
-- stored before get them from the facts backfill (stats.Version 2).
ALTER TABLE hand_players
    ADD COLUMN kind   text NOT NULL DEFAULT '',
    ADD COLUMN ledger text NOT NULL DEFAULT '',
    ADD COLUMN seat   text NOT NULL DEFAULT '',
    ADD COLUMN hole   text NOT NULL DEFAULT '',
    ADD COLUMN hole_index integer;  -- ranges.HandIndex of hole, NULL when unknown
-- A player's hands of one ledger in series order.
CREATE INDEX hand_players_name_ledger ON hand_players (name, ledger, (coalesce(played_at, 0)), hand_id) WHERE facts > 0;

-- A player's hands by seat, for the position filter.
CREATE INDEX hand_players_name_seat ON hand_players (name, seat) WHERE facts > 0;

-- +goose Down
DROP INDEX hand_players_name_seat;
DROP INDEX hand_players_name_ledger;
ALTER TABLE hand_players DROP COLUMN kind, DROP COLUMN ledger, DROP COLUMN seat, DROP COLUMN hole, DROP COLUMN hole_index;
