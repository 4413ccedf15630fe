-- +goose Up
-- The same tables as the PostgreSQL migration, in SQLite's types.
-- AUTOINCREMENT keeps ids from being reused, so cursors stay valid.
CREATE TABLE hands (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    natural_key  TEXT    NOT NULL,
    site         TEXT    NOT NULL DEFAULT '',
    site_hand_id TEXT    NOT NULL DEFAULT '',
    game         TEXT    NOT NULL,
    legal        INTEGER NOT NULL,
    hand         TEXT    NOT NULL,
    verdict      TEXT    NOT NULL,
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CONSTRAINT hands_natural_key UNIQUE (natural_key)
);
CREATE INDEX hands_game_id ON hands (game, id DESC);
CREATE INDEX hands_legal_id ON hands (legal, id DESC);

CREATE TABLE hand_players (
    hand_id  INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    PRIMARY KEY (hand_id, position)
);
CREATE INDEX hand_players_name_hand ON hand_players (name, hand_id DESC);

CREATE TABLE equity_results (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    result     TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- +goose Down
DROP TABLE equity_results;
DROP TABLE hand_players;
DROP TABLE hands;
