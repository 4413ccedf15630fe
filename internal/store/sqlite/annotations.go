package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/store"
)

// tagsAgg is the aggregate of store.AnnotationSQL (in no set order:
// store.SplitTags sorts).
const tagsAgg = `group_concat(tag, ',')`

// dialect is SQLite's store.Dialect.
var dialect = store.Dialect{Arg: func(n int) string { return "?" + strconv.Itoa(n) }, Now: `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`}

// annotate is the store.Annotator, on the one writer connection.
func (s *Store) annotate(ctx context.Context, id, doing string, fn func(exec store.Exec, hand int64) error) error {
	if err := store.CheckHandID(id); err != nil {
		return err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	found := false
	err := store.Retry(ctx, busy, func() error {
		return s.tx(ctx, func(tx *sql.Tx) error {
			var hand int64
			err := tx.QueryRowContext(ctx, `SELECT id FROM hands WHERE public_id = ? AND account_id = ?`, id, account.From(ctx)).Scan(&hand)
			if found = !errors.Is(err, sql.ErrNoRows); !found {
				return nil
			}
			if err != nil {
				return err
			}
			return fn(func(q string, args ...any) error { _, err := tx.ExecContext(ctx, q, args...); return err }, hand)
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
