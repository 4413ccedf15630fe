-- +goose Up
-- PostgreSQL's migration of this number stores hands and verdicts as text
-- instead of jsonb; SQLite has always stored them as TEXT, so the number is
-- kept in step with PostgreSQL's.
SELECT 1;

-- +goose Down
SELECT 1;
