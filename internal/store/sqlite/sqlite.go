// Package sqlite is the embedded SQLite Store (modernc.org/sqlite, pure Go,
// no cgo) with goose migrations from the embedded migrations/sqlite: the
// default when no PostgreSQL is configured. It imports store, migrations
// and fault; never api.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/migrations"
)

// Store is the SQLite Store. It is safe for concurrent use: writes are
// serialised by SQLite (WAL mode, a busy timeout), reads run alongside.
type Store struct {
	db  *sql.DB
	mig *goose.Provider
}

var _ store.Store = (*Store)(nil)

// Open opens (creating if missing) the SQLite database file at path
// without migrating; call Migrate before use.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, fault.Field(fault.Invalid, "sqlite", "empty database path")
	}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "foreign_keys(1)", "synchronous(NORMAL)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fault.New(fault.Unavailable, "open SQLite database %s: %v", path, err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fault.New(fault.Unavailable, "open SQLite database %s: %v", path, err)
	}
	mig, err := goose.NewProvider(goose.DialectSQLite3, db, migrations.SQLite())
	if err != nil {
		db.Close()
		return nil, fault.New(fault.Internal, "load migrations: %v", err)
	}
	return &Store{db: db, mig: mig}, nil
}

// Migrate applies every pending migration and returns the versions applied.
func (s *Store) Migrate(ctx context.Context) ([]int64, error) {
	res, err := s.mig.Up(ctx)
	if err != nil {
		return nil, wrap(err, "migrate")
	}
	var v []int64
	for _, r := range res {
		v = append(v, r.Source.Version)
	}
	return v, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Ready implements store.Store.
func (s *Store) Ready(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return wrap(err, "ping SQLite")
	}
	if err := store.CheckMigrations(ctx, s.mig); err != nil {
		return wrap(err, "read the migration version")
	}
	return nil
}

// SaveHands implements store.Store: one IMMEDIATE transaction; each hand is
// an INSERT ... ON CONFLICT DO NOTHING RETURNING id, and an already stored
// hand's id and content hash are read back.
func (s *Store) SaveHands(ctx context.Context, hands []store.Hand) ([]store.Saved, error) {
	out := make([]store.Saved, len(hands))
	if len(hands) == 0 {
		return out, nil
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		ins, err := tx.PrepareContext(ctx, `
INSERT INTO hands (natural_key, site, site_hand_id, game, legal, hand, verdict, content_hash)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (natural_key) DO NOTHING
RETURNING id`)
		if err != nil {
			return err
		}
		defer ins.Close()
		sel, err := tx.PrepareContext(ctx, `SELECT id, content_hash FROM hands WHERE natural_key = ?`)
		if err != nil {
			return err
		}
		defer sel.Close()
		ply, err := tx.PrepareContext(ctx, `INSERT INTO hand_players (hand_id, position, name) VALUES (?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ply.Close()
		for i, h := range hands {
			var id int64
			hash := store.ContentHash(h.Hand)
			err := ins.QueryRowContext(ctx, h.NaturalKey, h.Site, h.SiteHandID, h.Game, h.Legal, string(h.Hand), string(h.Verdict), hash).Scan(&id)
			switch {
			case errors.Is(err, sql.ErrNoRows):
				var stored string
				if err := sel.QueryRowContext(ctx, h.NaturalKey).Scan(&id, &stored); err != nil {
					return err
				}
				out[i] = store.Saved{ID: store.FormatID(id), Conflict: store.Conflicts(stored, hash)}
				continue
			case err != nil:
				return err
			}
			out[i] = store.Saved{ID: store.FormatID(id), Created: true}
			for pos, name := range h.Players {
				if _, err := ply.ExecContext(ctx, id, pos, name); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, wrap(err, "save hands")
	}
	return out, nil
}

func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Hand implements store.Store.
func (s *Store) Hand(ctx context.Context, id string) (store.Hand, error) {
	n, err := store.ParseID("hand", id)
	if err != nil {
		return store.Hand{}, err
	}
	var h store.Hand
	var hid int64
	var handJS, verdictJS, created string
	err = s.db.QueryRowContext(ctx, `
SELECT id, natural_key, site, site_hand_id, game, legal, hand, verdict, content_hash, created_at
FROM hands WHERE id = ?`, n).Scan(&hid, &h.NaturalKey, &h.Site, &h.SiteHandID, &h.Game, &h.Legal, &handJS, &verdictJS, &h.ContentHash, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Hand{}, fault.New(fault.NotFound, "no hand with id %q", id)
	}
	if err != nil {
		return store.Hand{}, wrap(err, "read hand")
	}
	h.ID = store.FormatID(hid)
	h.Hand, h.Verdict = json.RawMessage(handJS), json.RawMessage(verdictJS)
	if h.CreatedAt, err = parseTime(created); err != nil {
		return store.Hand{}, wrap(err, "read hand")
	}
	players, err := s.players(ctx, []int64{hid})
	if err != nil {
		return store.Hand{}, wrap(err, "read hand")
	}
	h.Players = players[hid]
	if h.Players == nil {
		h.Players = []string{}
	}
	return h, nil
}

func (s *Store) players(ctx context.Context, ids []int64) (map[int64][]string, error) {
	out := make(map[int64][]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, `SELECT hand_id, name FROM hand_players WHERE hand_id IN (?`+strings.Repeat(",?", len(ids)-1)+`) ORDER BY hand_id, position`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, err
		}
		out[id] = append(out[id], name)
	}
	return out, rows.Err()
}

// Hands implements store.Store.
func (s *Store) Hands(ctx context.Context, q store.Query) (store.Page, error) {
	after, err := store.CheckQuery(q)
	if err != nil {
		return store.Page{}, err
	}
	limit := store.PageLimit(q.Limit)
	var legal any
	if q.Legal != nil {
		legal = *q.Legal
	}
	rows, err := s.db.QueryContext(ctx, `
SELECT h.id, h.natural_key, h.site, h.site_hand_id, h.game, h.legal, h.created_at
FROM hands h
WHERE (?1 = 0 OR h.id < ?1)
  AND (?2 = '' OR h.game = ?2)
  AND (?3 IS NULL OR h.legal = ?3)
  AND (?4 = '' OR EXISTS (SELECT 1 FROM hand_players p WHERE p.hand_id = h.id AND p.name = ?4))
ORDER BY h.id DESC
LIMIT ?5`, after, q.Game, legal, q.Player, limit+1)
	if err != nil {
		return store.Page{}, wrap(err, "list hands")
	}
	defer rows.Close()
	var page store.Page
	var ids []int64
	for rows.Next() {
		var h store.Hand
		var id int64
		var created string
		if err := rows.Scan(&id, &h.NaturalKey, &h.Site, &h.SiteHandID, &h.Game, &h.Legal, &created); err != nil {
			return store.Page{}, wrap(err, "list hands")
		}
		if h.CreatedAt, err = parseTime(created); err != nil {
			return store.Page{}, wrap(err, "list hands")
		}
		h.ID = store.FormatID(id)
		page.Hands = append(page.Hands, h)
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return store.Page{}, wrap(err, "list hands")
	}
	rows.Close()
	if len(page.Hands) > limit {
		page.Hands = page.Hands[:limit]
		ids = ids[:limit]
		page.Next = store.EncodeCursor(ids[limit-1])
	}
	players, err := s.players(ctx, ids)
	if err != nil {
		return store.Page{}, wrap(err, "list hands")
	}
	for i := range page.Hands {
		page.Hands[i].Players = players[ids[i]]
		if page.Hands[i].Players == nil {
			page.Hands[i].Players = []string{}
		}
	}
	return page, nil
}

// SaveEquity implements store.Store.
func (s *Store) SaveEquity(ctx context.Context, result json.RawMessage) (string, error) {
	id := store.NewEquityID()
	if _, err := s.db.ExecContext(ctx, `INSERT INTO equity_results (public_id, result) VALUES (?, ?)`, id, string(result)); err != nil {
		return "", wrap(err, "save equity result")
	}
	return id, nil
}

// Equity implements store.Store.
func (s *Store) Equity(ctx context.Context, id string) (store.Equity, error) {
	if !store.ValidEquityID(id) {
		return store.Equity{}, fault.New(fault.NotFound, "no equity result with id %q", id)
	}
	e := store.Equity{ID: id}
	var res, created string
	err := s.db.QueryRowContext(ctx, `SELECT result, created_at FROM equity_results WHERE public_id = ?`, id).Scan(&res, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Equity{}, fault.New(fault.NotFound, "no equity result with id %q", id)
	}
	if err != nil {
		return store.Equity{}, wrap(err, "read equity result")
	}
	e.Result = json.RawMessage(res)
	if e.CreatedAt, err = parseTime(created); err != nil {
		return store.Equity{}, wrap(err, "read equity result")
	}
	return e, nil
}

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("bad created_at %q: %w", s, err)
	}
	return t.UTC(), nil
}

// wrap classifies a database error: cancellation stays Canceled, a busy
// or locked database is Unavailable, anything else Internal. The driver's
// error is kept for the log.
func wrap(err error, doing string) error {
	var f *fault.Error
	if errors.As(err, &f) {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &fault.Error{Kind: fault.Canceled, Action: -1, Message: doing + ": canceled", Err: err}
	}
	msg := err.Error()
	if strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "database is locked") || strings.Contains(msg, "database is closed") {
		return &fault.Error{Kind: fault.Unavailable, Action: -1, Message: doing + ": database unavailable", Err: err}
	}
	return &fault.Error{Kind: fault.Internal, Action: -1, Message: doing + ": database error", Err: err}
}
