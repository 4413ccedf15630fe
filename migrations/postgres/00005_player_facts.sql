-- +goose Up
-- Per-hand, per-player facts for the player statistics (ANALYSIS.md S1-S6),
-- made in Go (package stats) from each legal hand's JSON, verdict and
-- analysis: when a hand is stored, reverified or analysed, and for the
-- hands stored before this migration by the backfill the store runs right
-- after migrating (today ingest.FillFacts). facts is the stats.Version that made
-- the row's facts, 0 for none (an illegal hand, or not yet filled), its
-- negative when the hand could not be replayed for facts. The hand's
-- filters (site, game, structure, big blind, time) are copied here so
-- that a player's statistics read one index range of one table.
ALTER TABLE hand_players
    ADD COLUMN facts            integer          NOT NULL DEFAULT 0,
    ADD COLUMN site             text             NOT NULL DEFAULT '',
    ADD COLUMN game             text             NOT NULL DEFAULT '',
    ADD COLUMN structure        text             NOT NULL DEFAULT '',
    ADD COLUMN big_blind        bigint           NOT NULL DEFAULT 0,
    ADD COLUMN currency         text             NOT NULL DEFAULT '',
    ADD COLUMN chip_unit        text             NOT NULL DEFAULT '',
    ADD COLUMN played_at        bigint,          -- Unix microseconds, NULL when not recorded
    ADD COLUMN vpip             integer          NOT NULL DEFAULT 0,
    ADD COLUMN pfr              integer          NOT NULL DEFAULT 0,
    ADD COLUMN three_bet        integer          NOT NULL DEFAULT 0,
    ADD COLUMN three_bet_chance integer          NOT NULL DEFAULT 0,
    ADD COLUMN aggressive       integer          NOT NULL DEFAULT 0,
    ADD COLUMN calls            integer          NOT NULL DEFAULT 0,
    ADD COLUMN saw_flop         integer          NOT NULL DEFAULT 0,
    ADD COLUMN showdown         integer          NOT NULL DEFAULT 0,
    ADD COLUMN won_showdown     integer          NOT NULL DEFAULT 0,
    ADD COLUMN hilo_showdown    integer          NOT NULL DEFAULT 0,
    ADD COLUMN scoop            integer          NOT NULL DEFAULT 0,
    ADD COLUMN quartered        integer          NOT NULL DEFAULT 0,
    ADD COLUMN low_won          integer          NOT NULL DEFAULT 0,
    ADD COLUMN net              bigint           NOT NULL DEFAULT 0,
    ADD COLUMN net_bb           double precision NOT NULL DEFAULT 0,
    ADD COLUMN adjusted_net     double precision,  -- NULL until the hand is analysed
    ADD COLUMN allin            integer;           -- NULL until the hand is analysed
-- A player's hands in series order (S6): time, else stored order.
CREATE INDEX hand_players_name_series ON hand_players (name, (coalesce(played_at, 0)), hand_id) WHERE facts > 0;

-- +goose Down
DROP INDEX hand_players_name_series;
ALTER TABLE hand_players
    DROP COLUMN facts, DROP COLUMN site, DROP COLUMN game, DROP COLUMN structure,
    DROP COLUMN big_blind, DROP COLUMN currency, DROP COLUMN chip_unit, DROP COLUMN played_at,
    DROP COLUMN vpip, DROP COLUMN pfr, DROP COLUMN three_bet, DROP COLUMN three_bet_chance,
    DROP COLUMN aggressive, DROP COLUMN calls, DROP COLUMN saw_flop, DROP COLUMN showdown,
    DROP COLUMN won_showdown, DROP COLUMN hilo_showdown, DROP COLUMN scoop, DROP COLUMN quartered,
    DROP COLUMN low_won, DROP COLUMN net, DROP COLUMN net_bb, DROP COLUMN adjusted_net, DROP COLUMN allin;
