-- +goose Up
-- See the PostgreSQL migration of the same number.
ALTER TABLE hands ADD COLUMN engine_version INTEGER NOT NULL DEFAULT 1;
CREATE INDEX hands_engine_version_id ON hands (engine_version, id);

CREATE TABLE hand_analyses (
    hand_id        INTEGER PRIMARY KEY REFERENCES hands (id) ON DELETE CASCADE,
    engine_version INTEGER NOT NULL,
    analysis       TEXT    NOT NULL,
    created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- +goose Down
DROP TABLE hand_analyses;
DROP INDEX hands_engine_version_id;
ALTER TABLE hands DROP COLUMN engine_version;
