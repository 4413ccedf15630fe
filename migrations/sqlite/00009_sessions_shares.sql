-- +goose Up
-- See the PostgreSQL migration of the same number.
CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    hash         BLOB    NOT NULL,
    key_id       INTEGER NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_seen_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    expires_at   TEXT    NOT NULL,
    revoked_at   TEXT,
    CONSTRAINT sessions_hash UNIQUE (hash)
);
CREATE INDEX sessions_key ON sessions (key_id);

CREATE TABLE share_links (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    public_id  TEXT    NOT NULL,
    hash       BLOB    NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    hand_id    INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    expires_at TEXT,
    revoked_at TEXT,
    CONSTRAINT share_links_hash UNIQUE (hash),
    CONSTRAINT share_links_public_id UNIQUE (public_id)
);
CREATE INDEX share_links_account_id ON share_links (account_id, id DESC);

-- +goose Down
DROP TABLE share_links;
DROP TABLE sessions;
