// Package postgres is the PostgreSQL Store (pgx/v5 pgxpool) with goose
// migrations from the embedded migrations/postgres. It imports store,
// migrations and fault; never api.
package postgres

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/migrations"
)

// Config configures Open.
type Config struct {
	// URL is a PostgreSQL connection string (DATABASE_URL).
	URL string
	// Schema, when set, is created if missing and made the connections'
	// search_path, so that tests (or tenants) can share one database.
	Schema string
	// MaxConns caps the pool (0: pgxpool's default, max(4, CPUs)).
	MaxConns int32
}

// Store is the PostgreSQL Store. It is safe for concurrent use.
type Store struct {
	pool *pgxpool.Pool
	db   *sql.DB // the pool through database/sql, for goose
	mig  *goose.Provider
}

var _ store.Store = (*Store)(nil)

// Open connects to PostgreSQL (checking it answers) without migrating;
// call Migrate before use. Errors are Invalid for a bad URL and
// Unavailable when the server cannot be reached.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	pc, err := pgxpool.ParseConfig(cfg.URL)
	if err != nil {
		// The parse error may quote the URL and its password: say less.
		return nil, fault.Field(fault.Invalid, "DATABASE_URL", "not a valid PostgreSQL connection string")
	}
	if cfg.MaxConns > 0 {
		pc.MaxConns = cfg.MaxConns
	}
	if cfg.Schema != "" {
		if err := createSchema(ctx, pc.ConnConfig, cfg.Schema); err != nil {
			return nil, err
		}
		pc.ConnConfig.RuntimeParams["search_path"] = pgx.Identifier{cfg.Schema}.Sanitize()
	}
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, unreachable(err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, unreachable(err)
	}
	db := stdlib.OpenDBFromPool(pool)
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		pool.Close()
		return nil, fault.New(fault.Internal, "migration lock: %v", err)
	}
	mig, err := goose.NewProvider(goose.DialectPostgres, db, migrations.Postgres(), goose.WithSessionLocker(locker))
	if err != nil {
		db.Close()
		pool.Close()
		return nil, fault.New(fault.Internal, "load migrations: %v", err)
	}
	return &Store{pool: pool, db: db, mig: mig}, nil
}

func createSchema(ctx context.Context, cc *pgx.ConnConfig, schema string) error {
	conn, err := pgx.ConnectConfig(ctx, cc)
	if err != nil {
		return unreachable(err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize()); err != nil {
		// Two first connections can race on the catalogue: retry once.
		if _, err2 := conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize()); err2 != nil {
			return wrap(err, "create schema "+schema)
		}
	}
	return nil
}

// Migrate applies every pending migration (under a PostgreSQL advisory
// lock, so replicas starting together migrate once) and returns the
// versions applied.
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

// Pool returns the connection pool (for its statistics).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Close closes the pool.
func (s *Store) Close() error {
	s.db.Close()
	s.pool.Close()
	return nil
}

// Ready implements store.Store.
func (s *Store) Ready(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return wrap(err, "ping PostgreSQL")
	}
	if err := store.CheckMigrations(ctx, s.mig); err != nil {
		return wrap(err, "read the migration version")
	}
	return nil
}

// SaveHands implements store.Store: one transaction; the hands go in with
// one INSERT ... SELECT FROM unnest(...) ON CONFLICT DO NOTHING, the ids of
// hands stored before are read back, and the players of new hands go in
// with one more unnest insert.
func (s *Store) SaveHands(ctx context.Context, hands []store.Hand) ([]store.Saved, error) {
	out := make([]store.Saved, len(hands))
	if len(hands) == 0 {
		return out, nil
	}
	// One row per distinct key, in first-seen order.
	first := make(map[string]int, len(hands))
	var keys, sites, siteIDs, games, handJS, verdictJS, hashes []string
	var legal []bool
	for i, h := range hands {
		if _, dup := first[h.NaturalKey]; dup {
			continue
		}
		first[h.NaturalKey] = i
		keys = append(keys, h.NaturalKey)
		sites = append(sites, h.Site)
		siteIDs = append(siteIDs, h.SiteHandID)
		games = append(games, h.Game)
		legal = append(legal, h.Legal)
		handJS = append(handJS, string(h.Hand))
		verdictJS = append(verdictJS, string(h.Verdict))
		hashes = append(hashes, store.ContentHash(h.Hand))
	}
	ids := make(map[string]int64, len(keys))
	storedHash := make(map[string]string, len(keys))
	created := make(map[string]bool, len(keys))
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
INSERT INTO hands (natural_key, site, site_hand_id, game, legal, hand, verdict, content_hash)
SELECT k, s, sid, g, l, h::jsonb, v::jsonb, c
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bool[], $6::text[], $7::text[], $8::text[])
  AS t(k, s, sid, g, l, h, v, c)
ON CONFLICT (natural_key) DO NOTHING
RETURNING id, natural_key, content_hash`, keys, sites, siteIDs, games, legal, handJS, verdictJS, hashes)
		if err != nil {
			return err
		}
		var id int64
		var key, hash string
		if _, err := pgx.ForEachRow(rows, []any{&id, &key, &hash}, func() error {
			ids[key] = id
			storedHash[key] = hash
			created[key] = true
			return nil
		}); err != nil {
			return err
		}
		if len(ids) < len(keys) {
			var missing []string
			for _, k := range keys {
				if !created[k] {
					missing = append(missing, k)
				}
			}
			rows, err := tx.Query(ctx, `SELECT id, natural_key, content_hash FROM hands WHERE natural_key = ANY($1::text[])`, missing)
			if err != nil {
				return err
			}
			if _, err := pgx.ForEachRow(rows, []any{&id, &key, &hash}, func() error {
				ids[key] = id
				storedHash[key] = hash
				return nil
			}); err != nil {
				return err
			}
		}
		var pHand []int64
		var pPos []int32
		var pName []string
		for _, k := range keys {
			if !created[k] {
				continue
			}
			for pos, name := range hands[first[k]].Players {
				pHand = append(pHand, ids[k])
				pPos = append(pPos, int32(pos))
				pName = append(pName, name)
			}
		}
		if len(pHand) > 0 {
			if _, err := tx.Exec(ctx, `
INSERT INTO hand_players (hand_id, position, name)
SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[])`, pHand, pPos, pName); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, wrap(err, "save hands")
	}
	for i, h := range hands {
		id, ok := ids[h.NaturalKey]
		if !ok {
			return nil, fault.New(fault.Internal, "save hands: no id for key %q", h.NaturalKey)
		}
		isNew := created[h.NaturalKey] && first[h.NaturalKey] == i
		out[i] = store.Saved{ID: store.FormatID(id), Created: isNew,
			Conflict: !isNew && store.Conflicts(storedHash[h.NaturalKey], store.ContentHash(h.Hand))}
	}
	return out, nil
}

// Hand implements store.Store.
func (s *Store) Hand(ctx context.Context, id string) (store.Hand, error) {
	n, err := store.ParseID("hand", id)
	if err != nil {
		return store.Hand{}, err
	}
	var h store.Hand
	var hid int64
	err = s.pool.QueryRow(ctx, `
SELECT id, natural_key, site, site_hand_id, game, legal, hand::text, verdict::text, content_hash, created_at,
       coalesce((SELECT array_agg(name ORDER BY position) FROM hand_players WHERE hand_id = hands.id), '{}')
FROM hands WHERE id = $1`, n).Scan(&hid, &h.NaturalKey, &h.Site, &h.SiteHandID, &h.Game, &h.Legal,
		(*rawText)(&h.Hand), (*rawText)(&h.Verdict), &h.ContentHash, &h.CreatedAt, &h.Players)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Hand{}, fault.New(fault.NotFound, "no hand with id %q", id)
	}
	if err != nil {
		return store.Hand{}, wrap(err, "read hand")
	}
	h.ID = store.FormatID(hid)
	h.CreatedAt = h.CreatedAt.UTC()
	return h, nil
}

// Hands implements store.Store.
func (s *Store) Hands(ctx context.Context, q store.Query) (store.Page, error) {
	after, err := store.CheckQuery(q)
	if err != nil {
		return store.Page{}, err
	}
	limit := store.PageLimit(q.Limit)
	sqlText := `
SELECT h.id, h.natural_key, h.site, h.site_hand_id, h.game, h.legal, h.created_at,
       coalesce((SELECT array_agg(name ORDER BY position) FROM hand_players WHERE hand_id = h.id), '{}')
FROM hands h
WHERE ($1::bigint = 0 OR h.id < $1)
  AND ($2::text = '' OR h.game = $2)
  AND ($3::bool IS NULL OR h.legal = $3)
  AND ($4::text = '' OR EXISTS (SELECT 1 FROM hand_players p WHERE p.hand_id = h.id AND p.name = $4))
ORDER BY h.id DESC
LIMIT $5`
	rows, err := s.pool.Query(ctx, sqlText, after, q.Game, q.Legal, q.Player, limit+1)
	if err != nil {
		return store.Page{}, wrap(err, "list hands")
	}
	var page store.Page
	var ids []int64
	var h store.Hand
	var id int64
	if _, err := pgx.ForEachRow(rows, []any{&id, &h.NaturalKey, &h.Site, &h.SiteHandID, &h.Game, &h.Legal, &h.CreatedAt, &h.Players}, func() error {
		h.ID = store.FormatID(id)
		h.CreatedAt = h.CreatedAt.UTC()
		page.Hands = append(page.Hands, h)
		ids = append(ids, id)
		h = store.Hand{}
		return nil
	}); err != nil {
		return store.Page{}, wrap(err, "list hands")
	}
	if len(page.Hands) > limit {
		page.Hands = page.Hands[:limit]
		page.Next = store.EncodeCursor(ids[limit-1])
	}
	return page, nil
}

// SaveEquity implements store.Store.
func (s *Store) SaveEquity(ctx context.Context, result json.RawMessage) (string, error) {
	id := store.NewEquityID()
	if _, err := s.pool.Exec(ctx, `INSERT INTO equity_results (public_id, result) VALUES ($1, $2::text::jsonb)`, id, string(result)); err != nil {
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
	err := s.pool.QueryRow(ctx, `SELECT result::text, created_at FROM equity_results WHERE public_id = $1`, id).Scan((*rawText)(&e.Result), &e.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Equity{}, fault.New(fault.NotFound, "no equity result with id %q", id)
	}
	if err != nil {
		return store.Equity{}, wrap(err, "read equity result")
	}
	e.CreatedAt = e.CreatedAt.UTC()
	return e, nil
}

// rawText scans a text column into a json.RawMessage.
type rawText json.RawMessage

func (r *rawText) Scan(src any) error {
	switch v := src.(type) {
	case string:
		*r = rawText(v)
	case []byte:
		*r = append(rawText(nil), v...)
	default:
		return fmt.Errorf("scan %T into JSON", src)
	}
	return nil
}

// unreachable is the error of a failed connection: whatever the server
// said (refused, no such database, authentication failed), the database is
// Unavailable to us.
func unreachable(err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return wrap(err, "connect to PostgreSQL")
	}
	return &fault.Error{Kind: fault.Unavailable, Action: -1, Message: "connect to PostgreSQL: database unavailable", Err: err}
}

// wrap classifies a database error: cancellation stays Canceled, a server
// error (SQLSTATE) is Internal, anything else (the server cannot be
// reached) is Unavailable. The message names what was being done; the
// driver's error is kept for the log.
func wrap(err error, doing string) error {
	var f *fault.Error
	if errors.As(err, &f) {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &fault.Error{Kind: fault.Canceled, Action: -1, Message: doing + ": canceled", Err: err}
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code[:2] != "08" && pe.Code[:2] != "57" {
		return &fault.Error{Kind: fault.Internal, Action: -1, Message: doing + ": database error", Err: err}
	}
	return &fault.Error{Kind: fault.Unavailable, Action: -1, Message: doing + ": database unavailable", Err: err}
}
