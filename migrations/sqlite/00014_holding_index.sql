-- +goose Up
-- The holding filter answered from an index (issue 24: `holding` with a
-- percentage range over 100,000 stored hands within 300 ms): a player's
-- facts rows by hole-card index, which store.HoldingLookup lets the planner
-- use, so that a range reads only the rows of its members instead of every
-- row of the player. PostgreSQL does without (see its migration 14).
CREATE INDEX hand_players_name_hole ON hand_players (account_id, name, hole_index) WHERE facts > 0;

-- +goose Down
DROP INDEX hand_players_name_hole;
