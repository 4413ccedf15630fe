-- +goose Up
-- The import whose chunk stored a hand (store.Hand.Import): the analysis
-- sweeper leaves the hands of a pending import to that import's own
-- analysis jobs, and the hands of a cancelled import alone (their
-- analyses were cancelled with it: GET /v1/hands/{id}/analysis still
-- analyses one on demand), exactly, by this column, instead of by the
-- time of the oldest pending import (which held every hand stored after
-- it, from any source, for as long as that import was pending). NULL for
-- a hand stored by POST /v1/hands, a local `scoop import`, or before this
-- migration. No foreign key: an import row is deleted only while it is
-- uploading, before any of its hands is stored.
ALTER TABLE hands ADD COLUMN import_id BIGINT;

-- +goose Down
ALTER TABLE hands DROP COLUMN import_id;
