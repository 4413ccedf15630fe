-- +goose Up
-- Number 11: 8 is River's (migrations/river.go), 9 and 10 are taken.
-- Analyses as jobs (internal/jobs, kind scoop_analysis): a chunk job that
-- stores hands without their analyses records here the parts of its
-- stored hands it enqueued an analysis job for; each analysis job records
-- its part's outcome. An import's analysis progress is the sums over its
-- parts; while a part is queued a finished import reads as 'analysing'.
CREATE TABLE import_analyses (
    import_id   BIGINT      NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
    chunk       INTEGER     NOT NULL,
    part        INTEGER     NOT NULL,
    hands       INTEGER     NOT NULL,
    state       TEXT        NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'cancelled')),
    analysed    INTEGER     NOT NULL DEFAULT 0,
    failed      INTEGER     NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at TIMESTAMPTZ,
    PRIMARY KEY (import_id, chunk, part)
);

-- +goose Down
DROP TABLE import_analyses;
