package postgres

import (
	"context"
	"errors"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/store"
)

// tagsAgg is the aggregate of store.AnnotationSQL.
const tagsAgg = `string_agg(tag, ',' ORDER BY tag)`

// dialect is PostgreSQL's store.Dialect.
var dialect = store.Dialect{Arg: func(n int) string { return "$" + strconv.Itoa(n) }, Now: "now()"}

// annotate is the store.Annotator: the hand's row is locked FOR UPDATE,
// so that two calls on one hand apply one after the other.
func (s *Store) annotate(ctx context.Context, id, doing string, fn func(exec store.Exec, hand int64) error) error {
	if err := store.CheckHandID(id); err != nil {
		return err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	found := false
	err := store.Retry(ctx, retryable, func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			var hand int64
			err := tx.QueryRow(ctx, `SELECT id FROM hands WHERE public_id = $1 AND account_id = $2 FOR UPDATE`, id, account.From(ctx)).Scan(&hand)
			if found = !errors.Is(err, pgx.ErrNoRows); !found {
				return nil
			}
			if err != nil {
				return err
			}
			return fn(func(q string, args ...any) error { _, err := tx.Exec(ctx, q, args...); return err }, hand)
		})
	})
	if err != nil {
		return wrap(ctx, err, doing)
	}
	if !found {
		return store.NoHand(id)
	}
	return nil
}

// SetTags implements store.Store.
func (s *Store) SetTags(ctx context.Context, id string, ts []string) ([]string, error) {
	return store.SetTags(ctx, s.annotate, dialect, id, ts)
}

// SetNote implements store.Store.
func (s *Store) SetNote(ctx context.Context, id string, note string) (string, error) {
	return store.SetNote(ctx, s.annotate, dialect, id, note)
}
