-- +goose Up
-- Browser sessions and share links. Neither stores a token: only its
-- SHA-256 (the tokens are 256 random bits, so a fast hash is right, as
-- for API keys). A session stands for the API key it was signed in with
-- and ends with it (the key and its account are read with the session on
-- every request); a share link opens one hand of its account, read-only.
CREATE TABLE sessions (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    hash         bytea       NOT NULL,
    key_id       bigint      NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    revoked_at   timestamptz,
    CONSTRAINT sessions_hash UNIQUE (hash)
);
CREATE INDEX sessions_key ON sessions (key_id);

CREATE TABLE share_links (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    public_id  text        NOT NULL,
    hash       bytea       NOT NULL,
    account_id bigint      NOT NULL REFERENCES accounts (id),
    hand_id    bigint      NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz,
    revoked_at timestamptz,
    CONSTRAINT share_links_hash UNIQUE (hash),
    CONSTRAINT share_links_public_id UNIQUE (public_id)
);
CREATE INDEX share_links_account_id ON share_links (account_id, id DESC);

-- +goose Down
DROP TABLE share_links;
DROP TABLE sessions;
