-- +goose Up
-- PostgreSQL's migration of this number stores analyses as text instead of
-- jsonb and fills hand_players pages to half; SQLite has always stored
-- analyses as TEXT and has no fill factor, so the number is kept in step
-- with PostgreSQL's.
SELECT 1;

-- +goose Down
SELECT 1;
