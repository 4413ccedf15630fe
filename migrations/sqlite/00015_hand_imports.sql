-- +goose Up
-- See the PostgreSQL migration of the same number.
ALTER TABLE hands ADD COLUMN import_id INTEGER;

-- +goose Down
ALTER TABLE hands DROP COLUMN import_id;
