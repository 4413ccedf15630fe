-- +goose Up
-- See the PostgreSQL migration of the same number.
ALTER TABLE hand_players ADD COLUMN kind TEXT NOT NULL DEFAULT '';
ALTER TABLE hand_players ADD COLUMN ledger TEXT NOT NULL DEFAULT '';
ALTER TABLE hand_players ADD COLUMN seat TEXT NOT NULL DEFAULT '';
ALTER TABLE hand_players ADD COLUMN hole TEXT NOT NULL DEFAULT '';
ALTER TABLE hand_players ADD COLUMN hole_index INTEGER;
CREATE INDEX hand_players_name_ledger ON hand_players (name, ledger, coalesce(played_at, 0), hand_id) WHERE facts > 0;

-- A player's hands by seat, for the position filter.
CREATE INDEX hand_players_name_seat ON hand_players (name, seat) WHERE facts > 0;

-- +goose Down
DROP INDEX hand_players_name_seat;
DROP INDEX hand_players_name_ledger;
ALTER TABLE hand_players DROP COLUMN hole_index;
ALTER TABLE hand_players DROP COLUMN hole;
ALTER TABLE hand_players DROP COLUMN seat;
ALTER TABLE hand_players DROP COLUMN ledger;
ALTER TABLE hand_players DROP COLUMN kind;
