-- +goose Up
-- See the PostgreSQL migration of the same number.
ALTER TABLE hand_players ADD COLUMN table_name TEXT NOT NULL DEFAULT '';
CREATE INDEX hand_players_account_name_site_time ON hand_players (account_id, name, site, played_at, hand_id, facts)
    WHERE facts > 0 AND played_at IS NOT NULL;

CREATE TABLE hand_tags (
    hand_id INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    tag     TEXT    NOT NULL,
    PRIMARY KEY (hand_id, tag)
) WITHOUT ROWID;
CREATE INDEX hand_tags_tag ON hand_tags (tag, hand_id);

CREATE TABLE hand_notes (
    hand_id    INTEGER NOT NULL PRIMARY KEY REFERENCES hands (id) ON DELETE CASCADE,
    note       TEXT    NOT NULL,
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- +goose Down
DROP TABLE hand_notes;
DROP TABLE hand_tags;
DROP INDEX hand_players_account_name_site_time;
ALTER TABLE hand_players DROP COLUMN table_name;
