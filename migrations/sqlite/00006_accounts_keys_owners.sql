-- +goose NO TRANSACTION
-- +goose Up
-- See the PostgreSQL migration of the same number. SQLite cannot drop the
-- unique constraint on hands.natural_key, so the hands table is rebuilt
-- the way SQLite documents for such changes: foreign keys off (which only
-- takes effect outside a transaction, hence NO TRANSACTION; the store's
-- writer is a single connection, so the pragma and the rebuild share it),
-- then the rebuild in one transaction (the rows keep their ids, so the
-- players' and analyses' references still hold), and foreign keys on
-- again.
PRAGMA foreign_keys = OFF;

BEGIN IMMEDIATE;

CREATE TABLE accounts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    revoked_at TEXT,
    CONSTRAINT accounts_name UNIQUE (name)
);
INSERT INTO accounts (id, name) VALUES (1, 'default');

CREATE TABLE api_keys (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id   INTEGER NOT NULL REFERENCES accounts (id),
    name         TEXT    NOT NULL,
    prefix       TEXT    NOT NULL,
    hash         BLOB    NOT NULL,
    scopes       TEXT    NOT NULL,
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_used_at TEXT,
    revoked_at   TEXT,
    CONSTRAINT api_keys_prefix UNIQUE (prefix)
);
CREATE INDEX api_keys_account ON api_keys (account_id);

CREATE TABLE hands_new (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id     INTEGER NOT NULL DEFAULT 1 REFERENCES accounts (id),
    public_id      TEXT    NOT NULL,
    natural_key    TEXT    NOT NULL,
    site           TEXT    NOT NULL DEFAULT '',
    site_hand_id   TEXT    NOT NULL DEFAULT '',
    game           TEXT    NOT NULL,
    legal          INTEGER NOT NULL,
    hand           TEXT    NOT NULL,
    verdict        TEXT    NOT NULL,
    created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    content_hash   TEXT    NOT NULL DEFAULT '',
    engine_version INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT hands_public_id UNIQUE (public_id, account_id), -- see the PostgreSQL migration
    CONSTRAINT hands_account_natural_key UNIQUE (account_id, natural_key)
);
INSERT INTO hands_new (id, account_id, public_id, natural_key, site, site_hand_id, game, legal, hand, verdict, created_at, content_hash, engine_version)
SELECT id, 1, lower(hex(randomblob(16))), natural_key, site, site_hand_id, game, legal, hand, verdict, created_at, content_hash, engine_version
FROM hands;
DROP TABLE hands;
ALTER TABLE hands_new RENAME TO hands;
CREATE INDEX hands_account_id ON hands (account_id, id DESC);
CREATE INDEX hands_account_game_id ON hands (account_id, game, id DESC);
CREATE INDEX hands_account_legal_id ON hands (account_id, legal, id DESC);
CREATE INDEX hands_engine_version_id ON hands (engine_version, id);

ALTER TABLE hand_players ADD COLUMN account_id INTEGER NOT NULL DEFAULT 1;
DROP INDEX hand_players_name_hand;
DROP INDEX hand_players_name_series;
CREATE INDEX hand_players_account_name_hand ON hand_players (account_id, name, hand_id DESC);
CREATE INDEX hand_players_account_name_series ON hand_players (account_id, name, coalesce(played_at, 0), hand_id) WHERE facts > 0;

ALTER TABLE equity_results ADD COLUMN account_id INTEGER NOT NULL DEFAULT 1 REFERENCES accounts (id);

COMMIT;

PRAGMA foreign_keys = ON;

-- +goose Down
PRAGMA foreign_keys = OFF;

BEGIN IMMEDIATE;

ALTER TABLE equity_results DROP COLUMN account_id;
DROP INDEX hand_players_account_name_series;
DROP INDEX hand_players_account_name_hand;
ALTER TABLE hand_players DROP COLUMN account_id;
CREATE INDEX hand_players_name_hand ON hand_players (name, hand_id DESC);
CREATE INDEX hand_players_name_series ON hand_players (name, coalesce(played_at, 0), hand_id) WHERE facts > 0;

DELETE FROM hand_players WHERE hand_id IN (SELECT id FROM hands WHERE account_id <> 1);
DELETE FROM hand_analyses WHERE hand_id IN (SELECT id FROM hands WHERE account_id <> 1);
CREATE TABLE hands_old (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    natural_key  TEXT    NOT NULL,
    site         TEXT    NOT NULL DEFAULT '',
    site_hand_id TEXT    NOT NULL DEFAULT '',
    game         TEXT    NOT NULL,
    legal        INTEGER NOT NULL,
    hand         TEXT    NOT NULL,
    verdict      TEXT    NOT NULL,
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    content_hash TEXT    NOT NULL DEFAULT '',
    engine_version INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT hands_natural_key UNIQUE (natural_key)
);
INSERT INTO hands_old (id, natural_key, site, site_hand_id, game, legal, hand, verdict, created_at, content_hash, engine_version)
SELECT id, natural_key, site, site_hand_id, game, legal, hand, verdict, created_at, content_hash, engine_version
FROM hands WHERE account_id = 1;
DROP TABLE hands;
ALTER TABLE hands_old RENAME TO hands;
CREATE INDEX hands_game_id ON hands (game, id DESC);
CREATE INDEX hands_legal_id ON hands (legal, id DESC);
CREATE INDEX hands_engine_version_id ON hands (engine_version, id);
DROP TABLE api_keys;
DROP TABLE accounts;

COMMIT;

PRAGMA foreign_keys = ON;
