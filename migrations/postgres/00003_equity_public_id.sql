-- +goose Up
-- Equity results are read back by an unguessable id (16 random bytes in
-- hex, made by the application), not by the sequential row id. Rows stored
-- before this migration get a random id here (gen_random_uuid is built in
-- from PostgreSQL 13); their old numeric ids stop naming them.
ALTER TABLE equity_results ADD COLUMN public_id text;
UPDATE equity_results SET public_id = replace(gen_random_uuid()::text, '-', '') WHERE public_id IS NULL;
ALTER TABLE equity_results ALTER COLUMN public_id SET NOT NULL;
ALTER TABLE equity_results ADD CONSTRAINT equity_results_public_id UNIQUE (public_id);

-- +goose Down
ALTER TABLE equity_results DROP COLUMN public_id;
