-- +goose Up
-- Player sessions, hand tags and notes (issue 24).
--
-- Each facts row keeps the hand's table name (handhistory.Hand.TableName,
-- '' when not recorded; rows stored before this migration have '' until
-- the hand is stored or reverified again) for the sessions' tables.
ALTER TABLE hand_players ADD COLUMN table_name text NOT NULL DEFAULT '';

-- A player's timed hands of one site in time order: GET
-- /v1/players/{name}/sessions reads this range alone (facts included, for
-- the condition facts > 0), cuts it at the gaps, and reads each session's
-- totals by a range of it.
CREATE INDEX hand_players_account_name_site_time ON hand_players (account_id, name, site, played_at, hand_id, facts)
    WHERE facts > 0 AND played_at IS NOT NULL;

-- A hand's tags (PUT /v1/hands/{id}/tags): at most 20 a hand, each
-- [a-z0-9_-]{1,32}. Owned through the hand: deleting it deletes them.
CREATE TABLE hand_tags (
    hand_id bigint NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    tag     text   NOT NULL,
    PRIMARY KEY (hand_id, tag)
);
-- The hands carrying a tag, for the tag filter.
CREATE INDEX hand_tags_tag ON hand_tags (tag, hand_id);

-- A hand's note (PUT /v1/hands/{id}/note): at most 4000 bytes of UTF-8;
-- an empty note is no row.
CREATE TABLE hand_notes (
    hand_id    bigint      NOT NULL PRIMARY KEY REFERENCES hands (id) ON DELETE CASCADE,
    note       text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE hand_notes;
DROP TABLE hand_tags;
DROP INDEX hand_players_account_name_site_time;
ALTER TABLE hand_players DROP COLUMN table_name;
