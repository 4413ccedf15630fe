-- +goose Up
-- See the PostgreSQL migration of the same number.
CREATE TABLE import_analyses (
    import_id   INTEGER NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
    chunk       INTEGER NOT NULL,
    part        INTEGER NOT NULL,
    hands       INTEGER NOT NULL,
    state       TEXT    NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'cancelled')),
    analysed    INTEGER NOT NULL DEFAULT 0,
    failed      INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    finished_at TEXT,
    PRIMARY KEY (import_id, chunk, part)
);

-- +goose Down
DROP TABLE import_analyses;
