-- +goose Up
-- See the PostgreSQL migration of the same number.
CREATE TABLE imports (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    public_id      TEXT    NOT NULL UNIQUE,
    account_id     INTEGER NOT NULL DEFAULT 1 REFERENCES accounts (id),
    state          TEXT    NOT NULL DEFAULT 'uploading'
                   CHECK (state IN ('uploading', 'queued', 'running', 'done', 'failed', 'cancelled')),
    reason         TEXT    NOT NULL DEFAULT '',
    files          INTEGER NOT NULL DEFAULT 0,
    bytes          INTEGER NOT NULL DEFAULT 0,
    chunks         INTEGER NOT NULL DEFAULT 0,
    hands_expected INTEGER NOT NULL DEFAULT 0,
    file_errors    TEXT    NOT NULL DEFAULT '[]',
    created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    started_at     TEXT,
    finished_at    TEXT
);
CREATE INDEX imports_account_id ON imports (account_id, id);

CREATE TABLE import_chunks (
    import_id   INTEGER NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
    chunk       INTEGER NOT NULL,
    file_name   TEXT    NOT NULL,
    format      TEXT    NOT NULL,
    first_line  INTEGER NOT NULL,
    first_hand  INTEGER NOT NULL,
    hands       INTEGER NOT NULL,
    bytes       INTEGER NOT NULL,
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
    skipped     TEXT    NOT NULL DEFAULT '{}',
    errors      TEXT    NOT NULL DEFAULT '[]',
    started_at  TEXT,
    finished_at TEXT,
    PRIMARY KEY (import_id, chunk)
);

CREATE TABLE import_parts (
    import_id INTEGER NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
    chunk     INTEGER NOT NULL,
    part      INTEGER NOT NULL,
    data      BLOB    NOT NULL,
    PRIMARY KEY (import_id, chunk, part)
);

-- +goose Down
DROP TABLE import_parts;
DROP TABLE import_chunks;
DROP TABLE imports;
