-- +goose Up
-- See the PostgreSQL migration of the same number.
ALTER TABLE hands ADD COLUMN content_hash TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE hands DROP COLUMN content_hash;
