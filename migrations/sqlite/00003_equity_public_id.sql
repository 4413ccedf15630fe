-- +goose Up
-- See the PostgreSQL migration of the same number. SQLite cannot add a NOT
-- NULL column without a default, so the column is nullable and the unique
-- index enforces the rest; every row gets an id here and from the store.
ALTER TABLE equity_results ADD COLUMN public_id TEXT;
UPDATE equity_results SET public_id = lower(hex(randomblob(16))) WHERE public_id IS NULL;
CREATE UNIQUE INDEX equity_results_public_id ON equity_results (public_id);

-- +goose Down
DROP INDEX equity_results_public_id;
ALTER TABLE equity_results DROP COLUMN public_id;
