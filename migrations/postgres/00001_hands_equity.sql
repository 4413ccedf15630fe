-- +goose Up
-- Hands are stored once per natural key: "<site>:<site hand id>" when the
-- record names both, else "sha256:<hex of the canonical hand JSON>".
CREATE TABLE hands (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    natural_key  text        NOT NULL,
    site         text        NOT NULL DEFAULT '',
    site_hand_id text        NOT NULL DEFAULT '',
    game         text        NOT NULL,
    legal        boolean     NOT NULL,
    hand         jsonb       NOT NULL,
    verdict      jsonb       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT hands_natural_key UNIQUE (natural_key)
);
CREATE INDEX hands_game_id ON hands (game, id DESC);
CREATE INDEX hands_legal_id ON hands (legal, id DESC);

-- One row per player dealt into a hand, for GET /v1/hands?player=.
CREATE TABLE hand_players (
    hand_id  bigint NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    position int    NOT NULL,
    name     text   NOT NULL,
    PRIMARY KEY (hand_id, position)
);
CREATE INDEX hand_players_name_hand ON hand_players (name, hand_id DESC);

CREATE TABLE equity_results (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    result     jsonb       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE equity_results;
DROP TABLE hand_players;
DROP TABLE hands;
