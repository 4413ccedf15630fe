-- +goose Up
-- The version of the rules engine that made each stored verdict
-- (analysis.EngineVersion): hands stored before versions were kept are
-- version 1. `scoop reverify` replays every hand whose version is older
-- than the running engine's, walking this index in id order.
ALTER TABLE hands ADD COLUMN engine_version integer NOT NULL DEFAULT 1;
CREATE INDEX hands_engine_version_id ON hands (engine_version, id);

-- The analysis of a legal hand (ANALYSIS.md A1-A6), made by the engine
-- version it names; none for an illegal hand. Replaced when the hand is
-- replayed by a newer engine.
CREATE TABLE hand_analyses (
    hand_id        bigint      PRIMARY KEY REFERENCES hands (id) ON DELETE CASCADE,
    engine_version integer     NOT NULL,
    analysis       jsonb       NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE hand_analyses;
DROP INDEX hands_engine_version_id;
ALTER TABLE hands DROP COLUMN engine_version;
