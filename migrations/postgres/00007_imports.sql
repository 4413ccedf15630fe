-- +goose Up
-- Durable imports (POST /v1/imports): an upload is stored in chunks of
-- hands (import_chunks), their bytes in parts of at most 1 MiB
-- (import_parts), before the 202; one River job per chunk (kind
-- scoop_import_chunk, see internal/jobs) replays, stores and analyses its
-- hands and records its counts on its chunk row. An import's counts are
-- the sums over its chunks. 00006 is reserved (access control).
CREATE TABLE imports (
    id             BIGSERIAL PRIMARY KEY,
    public_id      TEXT        NOT NULL UNIQUE,
    account_id     BIGINT      NOT NULL DEFAULT 1 REFERENCES accounts (id),
    state          TEXT        NOT NULL DEFAULT 'uploading'
                   CHECK (state IN ('uploading', 'queued', 'running', 'done', 'failed', 'cancelled')),
    reason         TEXT        NOT NULL DEFAULT '',
    files          INTEGER     NOT NULL DEFAULT 0,
    bytes          BIGINT      NOT NULL DEFAULT 0,
    chunks         INTEGER     NOT NULL DEFAULT 0,
    hands_expected BIGINT      NOT NULL DEFAULT 0,
    file_errors    JSONB       NOT NULL DEFAULT '[]',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    started_at     TIMESTAMPTZ,
    finished_at    TIMESTAMPTZ
);
CREATE INDEX imports_account_id ON imports (account_id, id);

CREATE TABLE import_chunks (
    import_id   BIGINT  NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
    chunk       INTEGER NOT NULL,
    file_name   TEXT    NOT NULL,
    format      TEXT    NOT NULL,
    first_line  INTEGER NOT NULL,
    first_hand  INTEGER NOT NULL,
    hands       INTEGER NOT NULL,
    bytes       BIGINT  NOT NULL,
    state       TEXT    NOT NULL DEFAULT 'queued'
                CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    read        INTEGER NOT NULL DEFAULT 0,
    stored      INTEGER NOT NULL DEFAULT 0,
    duplicates  INTEGER NOT NULL DEFAULT 0,
    conflicts   INTEGER NOT NULL DEFAULT 0,
    legal       INTEGER NOT NULL DEFAULT 0,
    illegal     INTEGER NOT NULL DEFAULT 0,
    unreadable  INTEGER NOT NULL DEFAULT 0,
    analysed    INTEGER NOT NULL DEFAULT 0,
    skipped     JSONB   NOT NULL DEFAULT '{}',
    errors      JSONB   NOT NULL DEFAULT '[]',
    started_at  TIMESTAMPTZ,
    finished_at TIMESTAMPTZ,
    PRIMARY KEY (import_id, chunk)
);

CREATE TABLE import_parts (
    import_id BIGINT  NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
    chunk     INTEGER NOT NULL,
    part      INTEGER NOT NULL,
    data      BYTEA   NOT NULL,
    PRIMARY KEY (import_id, chunk, part)
);

-- +goose Down
DROP TABLE import_parts;
DROP TABLE import_chunks;
DROP TABLE imports;
