-- +goose Up
-- The player statistics by starting hand and the freeroll (issues 24 and
-- 26): each facts row keeps the player's starting-hand group
-- (stats.HoldingGroup: a2-suited-ace ... others; '' when his cards are
-- unknown) for GET /v1/players/{name}/stats/holdings, and whether he
-- freerolled (ANALYSIS.md A9; NULL until the hand is analysed, as
-- adjusted_net) for the freeroll filter and count. The rows stored before
-- get them from the facts backfill (stats.Version 3).
ALTER TABLE hand_players
    ADD COLUMN holding_group text NOT NULL DEFAULT '',
    ADD COLUMN freeroll integer;

-- +goose Down
ALTER TABLE hand_players DROP COLUMN holding_group, DROP COLUMN freeroll;
