-- +goose Up
-- See the PostgreSQL migration of the same number.
ALTER TABLE hand_players ADD COLUMN holding_group TEXT NOT NULL DEFAULT '';
ALTER TABLE hand_players ADD COLUMN freeroll INTEGER;

-- +goose Down
ALTER TABLE hand_players DROP COLUMN freeroll;
ALTER TABLE hand_players DROP COLUMN holding_group;
