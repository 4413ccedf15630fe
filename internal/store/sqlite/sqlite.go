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
	"strconv"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
	"modernc.org/sqlite" // the "sqlite" database/sql driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/migrations"
)

// Store is the SQLite Store. It is safe for concurrent use: every write
// goes through one writer connection, so this process's writers queue for
// it in Go (within their deadline) and never meet SQLITE_BUSY among
// themselves; reads run alongside on a pool of their own (WAL mode). A
// write that still finds the file locked (by another process: `scoop
// import` beside `scoop serve`) waits the busy timeout and is retried.
type Store struct {
	db      *sql.DB // readers
	w       *sql.DB // the one writer connection
	mig     *goose.Provider
	timeout time.Duration
}

var _ store.Store = (*Store)(nil)

// Config configures OpenConfig.
type Config struct {
	// Path is the database file, created if missing.
	Path string
	// Timeout bounds every database call (0: store.DefaultTimeout;
	// Migrate has store.MigrateTimeout), and is SQLite's busy timeout.
	Timeout time.Duration
}

// Open opens (creating if missing) the SQLite database file at path with
// the default timeout, without migrating; call Migrate before use.
func Open(ctx context.Context, path string) (*Store, error) {
	return OpenConfig(ctx, Config{Path: path})
}

// OpenConfig opens (creating if missing) the SQLite database file
// cfg.Path without migrating; call Migrate before use. Errors are Invalid
// for an empty path, Unavailable when the file cannot be opened.
func OpenConfig(ctx context.Context, cfg Config) (*Store, error) {
	if cfg.Path == "" {
		return nil, fault.Field(fault.Invalid, "sqlite", "empty database path")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = store.DefaultTimeout
	}
	ctx, cancel := store.Deadline(ctx, cfg.Timeout)
	defer cancel()
	q := url.Values{}
	for _, p := range []string{fmt.Sprintf("busy_timeout(%d)", cfg.Timeout.Milliseconds()), "journal_mode(WAL)", "foreign_keys(1)", "synchronous(NORMAL)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	dsn := "file:" + cfg.Path + "?" + q.Encode()
	open := func() (*sql.DB, error) {
		db, err := sql.Open("sqlite", dsn)
		if err != nil {
			return nil, fault.New(fault.Unavailable, "open SQLite database %s: %v", cfg.Path, err)
		}
		if err := db.PingContext(ctx); err != nil {
			db.Close()
			return nil, &fault.Error{Kind: fault.Unavailable, Action: -1, Err: causeOf(err),
				Message: fmt.Sprintf("open SQLite database %s: %v", cfg.Path, err)}
		}
		return db, nil
	}
	w, err := open()
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxIdleTime(0)
	db, err := open()
	if err != nil {
		w.Close()
		return nil, err
	}
	mig, err := goose.NewProvider(goose.DialectSQLite3, w, migrations.SQLite(), goose.WithGoMigrations(migrations.RiverSQLite()))
	if err != nil {
		db.Close()
		w.Close()
		return nil, fault.New(fault.Internal, "load migrations: %v", err)
	}
	return &Store{db: db, w: w, mig: mig, timeout: cfg.Timeout}, nil
}

// Migrate applies every pending migration and returns the versions
// applied. It is bounded by store.MigrateTimeout.
func (s *Store) Migrate(ctx context.Context) ([]int64, error) {
	ctx, cancel := store.Deadline(ctx, store.MigrateTimeout)
	defer cancel()
	res, err := s.mig.Up(ctx)
	if err != nil {
		return nil, wrap(ctx, err, "migrate")
	}
	var v []int64
	for _, r := range res {
		v = append(v, r.Source.Version)
	}
	return v, nil
}

// Close closes the database.
func (s *Store) Close() error { return errors.Join(s.db.Close(), s.w.Close()) }

// Ready implements store.Store.
func (s *Store) Ready(ctx context.Context) error {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	if err := s.db.PingContext(ctx); err != nil {
		return wrap(ctx, err, "ping SQLite")
	}
	if err := store.CheckMigrations(ctx, s.mig); err != nil {
		return wrap(ctx, err, "read the migration version")
	}
	return nil
}

// SaveHands implements store.Store: one IMMEDIATE transaction on the
// writer connection; each hand is an INSERT ... ON CONFLICT DO NOTHING
// RETURNING id, and an already stored hand's id and content hash are read
// back. A transaction that finds the file busy or locked is retried whole
// (store.Retry), within the call's deadline.
func (s *Store) SaveHands(ctx context.Context, hands []store.Hand) ([]store.Saved, error) {
	admitted, out := store.Admit(hands)
	if len(admitted) == 0 {
		return out, nil
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	saved := make([]store.Saved, len(hands))
	owner := account.From(ctx)
	err := store.Retry(ctx, busy, func() error {
		return s.tx(ctx, func(tx *sql.Tx) error {
			ins, err := tx.PrepareContext(ctx, `
INSERT INTO hands (account_id, public_id, natural_key, site, site_hand_id, game, legal, hand, verdict, content_hash, engine_version, import_id)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, nullif(?, 0))
ON CONFLICT (account_id, natural_key) DO NOTHING
RETURNING id`)
			if err != nil {
				return err
			}
			defer ins.Close()
			sel, err := tx.PrepareContext(ctx, `SELECT public_id, content_hash, CASE WHEN content_hash = ? THEN NULL ELSE hand END FROM hands WHERE account_id = ? AND natural_key = ?`)
			if err != nil {
				return err
			}
			defer sel.Close()
			// A hand found stored with the same content moves from a
			// cancelled import to this one (store.Hand.Import).
			adopt, err := tx.PrepareContext(ctx, `UPDATE hands SET import_id = ?1
WHERE account_id = ?2 AND natural_key = ?3 AND import_id <> ?1
  AND import_id IN (SELECT id FROM imports WHERE state = 'cancelled')`)
			if err != nil {
				return err
			}
			defer adopt.Close()
			ply, err := tx.PrepareContext(ctx, `INSERT INTO hand_players (hand_id, position, name, account_id) VALUES (?, ?, ?, ?)`)
			if err != nil {
				return err
			}
			defer ply.Close()
			ana, err := tx.PrepareContext(ctx, `INSERT INTO hand_analyses (hand_id, engine_version, analysis) VALUES (?, ?, ?)`)
			if err != nil {
				return err
			}
			defer ana.Close()
			for _, i := range admitted {
				h := hands[i]
				var id int64
				hash := store.ContentHash(h.Hand)
				pub := store.NewPublicID()
				err := ins.QueryRowContext(ctx, owner, pub, h.NaturalKey, h.Site, h.SiteHandID, h.Game, h.Legal, string(h.Hand), string(h.Verdict), hash, h.Version(), h.Import).Scan(&id)
				switch {
				case errors.Is(err, sql.ErrNoRows):
					var stored string
					var storedHand []byte // read only when the hashes differ
					if err := sel.QueryRowContext(ctx, hash, owner, h.NaturalKey).Scan(&pub, &stored, &storedHand); err != nil {
						return err
					}
					// A hand that differs by its notes alone is a
					// duplicate (store.SameButNotes), adopted like one.
					notesOnly := stored != hash && store.SameButNotes(storedHand, h.Hand)
					saved[i] = store.Saved{ID: pub, Conflict: store.Conflicts(stored, hash) && !notesOnly}
					if h.Import != 0 && (stored == hash || notesOnly) {
						if _, err := adopt.ExecContext(ctx, h.Import, owner, h.NaturalKey); err != nil {
							return err
						}
					}
					continue
				case err != nil:
					return err
				}
				saved[i] = store.Saved{ID: pub, Created: true}
				for pos, name := range h.Players {
					if _, err := ply.ExecContext(ctx, id, pos, name, owner); err != nil {
						return err
					}
				}
				if err := writeFacts(ctx, tx, h.FactsRows(id)); err != nil {
					return err
				}
				if h.Analysis != nil {
					if _, err := ana.ExecContext(ctx, id, h.Version(), string(h.Analysis)); err != nil {
						return err
					}
				}
			}
			return nil
		})
	})
	if err != nil {
		return nil, wrap(ctx, err, "save hands")
	}
	for _, i := range admitted {
		out[i] = saved[i]
	}
	return out, nil
}

// busy reports whether err is SQLite's "the file is locked" (SQLITE_BUSY
// or SQLITE_LOCKED, any extended code): worth another try.
func busy(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		c := se.Code() & 0xff
		return c == sqlite3.SQLITE_BUSY || c == sqlite3.SQLITE_LOCKED
	}
	return false
}

// tx runs fn in a transaction on the writer connection, committing when
// fn returns nil.
func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
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
	if err := store.CheckHandID(id); err != nil {
		return store.Hand{}, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var h store.Hand
	var handJS, verdictJS, created, tagList string
	err := s.db.QueryRowContext(ctx, `
SELECT id, public_id, natural_key, site, site_hand_id, game, legal, hand, verdict, content_hash, created_at, engine_version,
       `+store.AnnotationSQL(tagsAgg, "hands.id")+`
FROM hands WHERE public_id = ? AND account_id = ?`, id, account.From(ctx)).Scan(&h.Seq, &h.ID, &h.NaturalKey, &h.Site, &h.SiteHandID, &h.Game, &h.Legal, &handJS, &verdictJS, &h.ContentHash, &created, &h.EngineVersion, &tagList, &h.Note)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Hand{}, store.NoHand(id)
	}
	if err != nil {
		return store.Hand{}, wrap(ctx, err, "read hand")
	}
	hid := h.Seq
	h.Hand, h.Verdict, h.Tags = json.RawMessage(handJS), json.RawMessage(verdictJS), store.SplitTags(tagList)
	if h.CreatedAt, err = parseTime(created); err != nil {
		return store.Hand{}, wrap(ctx, err, "read hand")
	}
	players, err := s.players(ctx, []int64{hid})
	if err != nil {
		return store.Hand{}, wrap(ctx, err, "read hand")
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
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var legal any
	if q.Legal != nil {
		legal = *q.Legal
	}
	owner := account.From(ctx)
	var from int64
	if after != "" {
		// The cursor names the last hand of the previous page by its public
		// id; a hand the caller cannot see is no cursor of his.
		err := s.db.QueryRowContext(ctx, `SELECT id FROM hands WHERE public_id = ? AND account_id = ?`, after, owner).Scan(&from)
		if errors.Is(err, sql.ErrNoRows) {
			return store.Page{}, store.BadCursor(q.Cursor)
		}
		if err != nil {
			return store.Page{}, wrap(ctx, err, "list hands")
		}
	}
	args := []any{owner, from, q.Game, legal, q.Player}
	arg := func(v any) string {
		args = append(args, v)
		return "?" + strconv.Itoa(len(args))
	}
	cond := ""
	if c := store.HandsFilter(q, arg, holeIn(arg)); c != "" {
		cond = "\n  AND " + c
	}
	text := "'', ''"
	if q.Text {
		text = "h.hand, coalesce((SELECT a.analysis FROM hand_analyses a WHERE a.hand_id = h.id), '')"
	}
	rows, err := s.db.QueryContext(ctx, `
SELECT h.id, h.public_id, h.natural_key, h.site, h.site_hand_id, h.game, h.legal, h.created_at,
       `+store.HandRowSQL("?5", "h.verdict")+`, `+text+`,
       `+store.AnnotationSQL(tagsAgg, "h.id")+`
FROM hands h
WHERE h.account_id = ?1
  AND (?2 = 0 OR h.id < ?2)
  AND (?3 = '' OR h.game = ?3)
  AND (?4 IS NULL OR h.legal = ?4)
  AND (?5 = '' OR EXISTS (SELECT 1 FROM hand_players p WHERE p.account_id = ?1 AND p.name = ?5 AND p.hand_id = h.id))`+cond+`
ORDER BY h.id DESC
LIMIT `+arg(limit+1), args...)
	if err != nil {
		return store.Page{}, wrap(ctx, err, "list hands")
	}
	defer rows.Close()
	var page store.Page
	var ids []int64
	for rows.Next() {
		var h store.Hand
		var created string
		var rf store.RowFacts
		var allIn int64
		var verdict, handJS, analysisJS, tagList string
		if err := rows.Scan(append(append([]any{&h.Seq, &h.ID, &h.NaturalKey, &h.Site, &h.SiteHandID, &h.Game, &h.Legal, &created}, append(store.RowTargets(&rf, &allIn, &verdict), &handJS, &analysisJS)...), &tagList, &h.Note)...); err != nil {
			return store.Page{}, wrap(ctx, err, "list hands")
		}
		if q.Text {
			h.Hand, h.Verdict = json.RawMessage(handJS), json.RawMessage(verdict)
			if analysisJS != "" {
				h.Analysis = json.RawMessage(analysisJS)
			}
		}
		h.Tags = store.SplitTags(tagList)
		if h.CreatedAt, err = parseTime(created); err != nil {
			return store.Page{}, wrap(ctx, err, "list hands")
		}
		rf.AllIn = allIn == 1
		h.Row = store.NewHandRow(rf, json.RawMessage(verdict), q.Player)
		page.Hands = append(page.Hands, h)
		ids = append(ids, h.Seq)
	}
	if err := rows.Err(); err != nil {
		return store.Page{}, wrap(ctx, err, "list hands")
	}
	rows.Close()
	if len(page.Hands) > limit {
		page.Hands = page.Hands[:limit]
		ids = ids[:limit]
		page.Next = store.EncodeCursor(page.Hands[limit-1].ID)
	}
	players, err := s.players(ctx, ids)
	if err != nil {
		return store.Page{}, wrap(ctx, err, "list hands")
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
	if err := store.CheckJSON("result", result); err != nil {
		return "", err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	id := store.NewPublicID()
	err := store.Retry(ctx, busy, func() error {
		_, err := s.w.ExecContext(ctx, `INSERT INTO equity_results (public_id, result, account_id) VALUES (?, ?, ?)`, id, string(result), account.From(ctx))
		return err
	})
	if err != nil {
		return "", wrap(ctx, err, "save equity result")
	}
	return id, nil
}

// Equity implements store.Store.
func (s *Store) Equity(ctx context.Context, id string) (store.Equity, error) {
	if !store.ValidPublicID(id) {
		return store.Equity{}, fault.New(fault.NotFound, "no equity result with id %q", id)
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	e := store.Equity{ID: id}
	var res, created string
	err := s.db.QueryRowContext(ctx, `SELECT result, created_at FROM equity_results WHERE public_id = ? AND account_id = ?`, id, account.From(ctx)).Scan(&res, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Equity{}, fault.New(fault.NotFound, "no equity result with id %q", id)
	}
	if err != nil {
		return store.Equity{}, wrap(ctx, err, "read equity result")
	}
	e.Result = json.RawMessage(res)
	if e.CreatedAt, err = parseTime(created); err != nil {
		return store.Equity{}, wrap(ctx, err, "read equity result")
	}
	return e, nil
}

// parseNullTime parses a nullable time column: nil for NULL.
func parseNullTime(s sql.NullString) (*time.Time, error) {
	if !s.Valid {
		return nil, nil
	}
	t, err := parseTime(s.String)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("bad created_at %q: %w", s, err)
	}
	return t.UTC(), nil
}

// wrap classifies the error of a database call made with ctx: a context
// or deadline as store.ContextFault says (the store's deadline is
// Unavailable, the caller's end Canceled); a busy or locked or closed
// database Unavailable; anything else Internal. The cause, with SQLite's
// result code spelt out (causeOf), is kept for the log.
func wrap(ctx context.Context, err error, doing string) error {
	var f *fault.Error
	if errors.As(err, &f) {
		return err
	}
	if f := store.ContextFault(ctx, err, doing); f != nil {
		return f
	}
	if busy(err) || errors.Is(err, sql.ErrConnDone) || strings.Contains(err.Error(), "database is closed") {
		return &fault.Error{Kind: fault.Unavailable, Action: -1, Message: doing + ": database unavailable", Err: causeOf(err)}
	}
	return &fault.Error{Kind: fault.Internal, Action: -1, Message: doing + ": database error", Err: causeOf(err)}
}

// sqliteCause is an SQLite error as the log needs it: the result code by
// name and number, and the message.
type sqliteCause struct{ err error }

func (c sqliteCause) Unwrap() error { return c.err }

func (c sqliteCause) Error() string {
	var se *sqlite.Error
	if !errors.As(c.err, &se) {
		return c.err.Error()
	}
	name := sqlite.ErrorCodeString[se.Code()&0xff]
	if i := strings.LastIndex(name, "("); i >= 0 {
		name = strings.TrimSuffix(name[i+1:], ")")
	}
	return fmt.Sprintf("sqlite code %d %s: %s", se.Code(), name, c.err.Error())
}

// causeOf keeps err for the log, spelt out with its result code when it
// is SQLite's (sqliteCause).
func causeOf(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return sqliteCause{err}
	}
	return err
}
