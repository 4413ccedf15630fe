-- +goose Up
-- The SHA-256 (hex) of the canonical hand JSON as it was first stored: a
-- hand posted again under a natural key already taken is a duplicate when
-- its hash matches, else a conflict (nothing is overwritten). Rows stored
-- before this migration have '' (unknown) and count as duplicates.
ALTER TABLE hands ADD COLUMN content_hash text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE hands DROP COLUMN content_hash;
