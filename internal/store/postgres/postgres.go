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
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/scoophq/scoop/internal/account"
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
	// MaxConns caps the pool (0: pgxpool's default, max(4, CPUs), or the
	// URL's pool_max_conns).
	MaxConns int32
	// ExtraConns are added to the pool's default size for work the
	// process runs beside its requests (import job workers), so that the
	// requests keep the default for themselves; ignored when MaxConns or
	// the URL's pool_max_conns sets the size.
	ExtraConns int32
	// Timeout bounds every database call, Open's included (0:
	// store.DefaultTimeout; Migrate has store.MigrateTimeout). When it
	// passes the call fails Unavailable: "the database did not answer in
	// time".
	Timeout time.Duration
}

// Store is the PostgreSQL Store. It is safe for concurrent use.
type Store struct {
	pool    *pgxpool.Pool
	db      *sql.DB // the pool through database/sql, for goose
	mig     *goose.Provider
	timeout time.Duration
}

var _ store.Store = (*Store)(nil)

// Open connects to PostgreSQL (checking it answers, within cfg.Timeout)
// without migrating; call Migrate before use. Errors are Invalid for a bad
// URL, Unavailable when the server cannot be reached or does not answer in
// time, and Canceled only when ctx itself is done.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = store.DefaultTimeout
	}
	ctx, cancel := store.Deadline(ctx, cfg.Timeout)
	defer cancel()
	pc, err := parseURL(cfg.URL)
	if err != nil {
		return nil, err
	}
	switch {
	case cfg.MaxConns > 0:
		pc.MaxConns = cfg.MaxConns
	case cfg.ExtraConns > 0 && !strings.Contains(cfg.URL, "pool_max_conns"):
		pc.MaxConns += cfg.ExtraConns
	}
	// The pool also connects in the background (a connection it began for
	// a caller that gave up): bound that too, or a hung server would keep
	// it waiting for ever.
	if pc.ConnConfig.ConnectTimeout <= 0 || pc.ConnConfig.ConnectTimeout > cfg.Timeout {
		pc.ConnConfig.ConnectTimeout = cfg.Timeout
	}
	if cfg.Schema != "" {
		if err := createSchema(ctx, pc.ConnConfig.Copy(), cfg.Schema); err != nil {
			return nil, err
		}
		pc.ConnConfig.RuntimeParams["search_path"] = pgx.Identifier{cfg.Schema}.Sanitize()
	}
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, unreachable(ctx, err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, unreachable(ctx, err)
	}
	db := stdlib.OpenDBFromPool(pool)
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		pool.Close()
		return nil, fault.New(fault.Internal, "migration lock: %v", err)
	}
	mig, err := goose.NewProvider(goose.DialectPostgres, db, migrations.Postgres(), goose.WithSessionLocker(locker),
		goose.WithGoMigrations(migrations.RiverPostgres(pool)))
	if err != nil {
		db.Close()
		pool.Close()
		return nil, fault.New(fault.Internal, "load migrations: %v", err)
	}
	return &Store{pool: pool, db: db, mig: mig, timeout: cfg.Timeout}, nil
}

// CheckURL returns nil when url is a PostgreSQL connection string Open can
// use, else an Invalid error on field DATABASE_URL that does not quote it
// (it may hold a password). It does not connect.
func CheckURL(url string) error {
	_, err := parseURL(url)
	return err
}

func parseURL(url string) (*pgxpool.Config, error) {
	pc, err := pgxpool.ParseConfig(url)
	if err != nil {
		// The parse error may quote the URL and its password: say less.
		return nil, fault.Field(fault.Invalid, "DATABASE_URL", "not a valid PostgreSQL connection string")
	}
	return pc, nil
}

func createSchema(ctx context.Context, cc *pgx.ConnConfig, schema string) error {
	conn, err := pgx.ConnectConfig(ctx, cc)
	if err != nil {
		return unreachable(ctx, err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize()); err != nil {
		// Two first connections can race on the catalogue: retry once.
		if _, err2 := conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize()); err2 != nil {
			return wrap(ctx, err, "create schema "+schema)
		}
	}
	return nil
}

// Migrate applies every pending migration (under a PostgreSQL advisory
// lock, so replicas starting together migrate once) and returns the
// versions applied. It is bounded by store.MigrateTimeout.
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

// Pool returns the connection pool (for its statistics).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Close closes the pool. It waits for the connections to close at most
// the store's timeout: a connection broken by a deadline on a hung server
// takes pgx up to 15s to clean up (it sends that server a cancel request),
// and shutting down must not wait for a server that does not answer; those
// connections finish closing in the background.
func (s *Store) Close() error {
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.db.Close()
		s.pool.Close()
	}()
	t := time.NewTimer(s.timeout)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	}
	return nil
}

// Ready implements store.Store.
func (s *Store) Ready(ctx context.Context) error {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	if err := s.pool.Ping(ctx); err != nil {
		return wrap(ctx, err, "ping PostgreSQL")
	}
	if err := store.CheckMigrations(ctx, s.mig); err != nil {
		return wrap(ctx, err, "read the migration version")
	}
	return nil
}

// SaveHands implements store.Store: one transaction; the hands go in with
// one INSERT ... SELECT FROM unnest(...) ORDER BY natural_key ON CONFLICT
// DO NOTHING, the ids of hands stored before are read back, and the
// players of new hands go in with one more unnest insert.
//
// Rows are inserted in natural-key order, whatever the batch's order, so
// two transactions saving overlapping hands take their key locks in the
// same order and cannot deadlock on them; a transaction that still loses
// a deadlock (40P01) or a serialization race (40001) is retried whole
// (store.Retry), within the call's deadline.
func (s *Store) SaveHands(ctx context.Context, hands []store.Hand) ([]store.Saved, error) {
	admitted, out := store.Admit(hands)
	if len(admitted) == 0 {
		return out, nil
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	// One row per distinct key, sorted by key; first[k] is the batch
	// index of the key's first hand (the one reported created).
	first := make(map[string]int, len(admitted))
	var keys []string
	for _, i := range admitted {
		k := hands[i].NaturalKey
		if _, dup := first[k]; dup {
			continue
		}
		first[k] = i
		keys = append(keys, k)
	}
	slices.Sort(keys)
	// Each admitted hand's content hash, computed once: the inserted row
	// stores it and the result compares it with a stored one.
	hashOf := make([]string, len(hands))
	for _, i := range admitted {
		hashOf[i] = store.ContentHash(hands[i].Hand)
	}
	n := len(keys)
	sites, siteIDs, games, handJS, verdictJS, hashes := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	legal := make([]bool, n)
	versions := make([]int32, n)
	imports := make([]int64, n)
	for j, k := range keys {
		h := hands[first[k]]
		sites[j], siteIDs[j], games[j], legal[j] = h.Site, h.SiteHandID, h.Game, h.Legal
		handJS[j], verdictJS[j], hashes[j] = string(h.Hand), string(h.Verdict), hashOf[first[k]]
		versions[j], imports[j] = int32(h.Version()), h.Import
	}
	owner := account.From(ctx)
	pubs := make([]string, n)
	for j := range pubs {
		pubs[j] = store.NewPublicID()
	}
	var ids map[string]int64
	var pubOf, storedHash map[string]string
	var created map[string]bool
	// storedHand: for a key stored before with another content hash than
	// its first hand's, the stored hand's JSON (store.SameButNotes).
	var storedHand map[string][]byte
	err := store.Retry(ctx, retryable, func() error {
		ids = make(map[string]int64, n)
		pubOf = make(map[string]string, n)
		storedHash = make(map[string]string, n)
		created = make(map[string]bool, n)
		storedHand = map[string][]byte{}
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `
INSERT INTO hands (account_id, public_id, natural_key, site, site_hand_id, game, legal, hand_doc, verdict_doc, content_hash, engine_version, import_id)
SELECT $10, p, k, s, sid, g, l, h, v, c, ev, nullif(imp, 0)
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bool[], $6::text[], $7::text[], $8::text[], $9::int[], $11::text[], $12::bigint[])
  AS t(k, s, sid, g, l, h, v, c, ev, p, imp)
ORDER BY k
ON CONFLICT (account_id, natural_key) DO NOTHING
RETURNING id, public_id, natural_key, content_hash`, keys, sites, siteIDs, games, legal, handJS, verdictJS, hashes, versions, owner, pubs, imports)
			if err != nil {
				return err
			}
			var id int64
			var pub, key, hash string
			if _, err := pgx.ForEachRow(rows, []any{&id, &pub, &key, &hash}, func() error {
				ids[key] = id
				pubOf[key] = pub
				storedHash[key] = hash
				created[key] = true
				return nil
			}); err != nil {
				return err
			}
			if len(ids) < n {
				var missing, missingHash []string
				for j, k := range keys {
					if !created[k] {
						missing, missingHash = append(missing, k), append(missingHash, hashes[j])
					}
				}
				// The stored hand itself only where its hash differs (rare).
				rows, err := tx.Query(ctx, `
SELECT h.id, h.public_id, h.natural_key, h.content_hash, CASE WHEN h.content_hash = t.c THEN NULL ELSE `+handText("h")+` END
FROM hands h JOIN unnest($1::text[], $3::text[]) AS t(k, c) ON h.natural_key = t.k
WHERE h.account_id = $2`, missing, owner, missingHash)
				if err != nil {
					return err
				}
				var stored *string
				if _, err := pgx.ForEachRow(rows, []any{&id, &pub, &key, &hash, &stored}, func() error {
					ids[key] = id
					pubOf[key] = pub
					storedHash[key] = hash
					if stored != nil {
						storedHand[key] = []byte(*stored)
					}
					return nil
				}); err != nil {
					return err
				}
				if err := adoptHands(ctx, tx, keys, imports, hashes, handJS, ids, storedHash, storedHand, created); err != nil {
					return err
				}
			}
			// The players of the hands created, with their facts for the
			// player statistics, in one insert (writing the facts by a
			// second statement, an UPDATE of the same rows, took some 40%
			// of an import's time).
			var pr playerRows
			for _, k := range keys {
				if !created[k] {
					continue
				}
				h := hands[first[k]]
				facts := h.FactsRows(ids[k])
				for pos, name := range h.Players {
					var f *store.FactsRow
					if pos < len(facts) && facts[pos].Position == pos {
						f = &facts[pos]
					}
					pr.add(ids[k], pos, name, f)
				}
			}
			if err := pr.insert(ctx, tx, owner); err != nil {
				return err
			}
			// The analyses of the hands created, in the same transaction.
			var aHand []int64
			var aVersion []int32
			var aJS []string
			for _, k := range keys {
				if h := hands[first[k]]; created[k] && h.Analysis != nil {
					aHand = append(aHand, ids[k])
					aVersion = append(aVersion, int32(h.Version()))
					aJS = append(aJS, string(h.Analysis))
				}
			}
			if len(aHand) > 0 {
				if _, err := tx.Exec(ctx, `
INSERT INTO hand_analyses (hand_id, engine_version, doc)
SELECT h, v, a FROM unnest($1::bigint[], $2::int[], $3::text[]) AS t(h, v, a)`, aHand, aVersion, aJS); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		return nil, wrap(ctx, err, "save hands")
	}
	for _, i := range admitted {
		h := hands[i]
		k := h.NaturalKey
		pub, ok := pubOf[k]
		if !ok {
			return nil, fault.New(fault.Internal, "save hands: no id for key %q", k)
		}
		isNew := created[k] && first[k] == i
		conflict := !isNew && store.Conflicts(storedHash[k], hashOf[i])
		if conflict {
			// A hand that differs from the stored one by its notes alone
			// is a duplicate (store.SameButNotes). The stored one was read
			// above where its hash differs from the batch's first hand of
			// the key; otherwise it is that first hand (created by this
			// batch, or stored with its very content).
			other, read := storedHand[k]
			if !read {
				other = hands[first[k]].Hand
			}
			conflict = !store.SameButNotes(other, h.Hand)
		}
		out[i] = store.Saved{ID: pub, Created: isNew, Conflict: conflict}
	}
	return out, nil
}

// adoptHands moves the hands of a batch found stored with the same
// content (or the same but for their notes, store.SameButNotes; storedHand
// holds the stored JSON where the hashes differ) from a cancelled import
// to the batch's import (store.Hand.Import): one UPDATE for the batch,
// none when the batch is no import's.
func adoptHands(ctx context.Context, tx pgx.Tx, keys []string, imports []int64, hashes, handJS []string, ids map[string]int64, storedHash map[string]string, storedHand map[string][]byte, created map[string]bool) error {
	var hs, to []int64
	for j, k := range keys {
		if created[k] || imports[j] == 0 {
			continue
		}
		if storedHash[k] == hashes[j] || store.SameButNotes(storedHand[k], []byte(handJS[j])) {
			hs, to = append(hs, ids[k]), append(to, imports[j])
		}
	}
	if len(hs) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `UPDATE hands h SET import_id = t.imp
FROM unnest($1::bigint[], $2::bigint[]) AS t(id, imp), imports i
WHERE h.id = t.id AND i.id = h.import_id AND i.state = 'cancelled' AND h.import_id <> t.imp`, hs, to)
	return err
}

// retryable reports whether a transaction that failed with err may
// succeed when run again: it lost a deadlock (40P01) or a serialization
// race (40001).
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

// Hand implements store.Store.
func (s *Store) Hand(ctx context.Context, id string) (store.Hand, error) {
	if err := store.CheckHandID(id); err != nil {
		return store.Hand{}, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var h store.Hand
	var tagList string
	err := s.pool.QueryRow(ctx, `
SELECT id, public_id, natural_key, site, site_hand_id, game, legal, `+handText("hands")+`, `+verdictText("hands")+`, content_hash, created_at,
       coalesce((SELECT array_agg(name ORDER BY position) FROM hand_players WHERE hand_id = hands.id), '{}'),
       engine_version, `+store.AnnotationSQL(tagsAgg, "hands.id")+`
FROM hands WHERE public_id = $1 AND account_id = $2`, id, account.From(ctx)).Scan(&h.Seq, &h.ID, &h.NaturalKey, &h.Site, &h.SiteHandID, &h.Game, &h.Legal,
		(*rawText)(&h.Hand), (*rawText)(&h.Verdict), &h.ContentHash, &h.CreatedAt, &h.Players, &h.EngineVersion, &tagList, &h.Note)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Hand{}, store.NoHand(id)
	}
	if err != nil {
		return store.Hand{}, wrap(ctx, err, "read hand")
	}
	h.CreatedAt, h.Tags = h.CreatedAt.UTC(), store.SplitTags(tagList)
	return h, nil
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
	owner := account.From(ctx)
	var from int64
	if after != "" {
		// The cursor names the last hand of the previous page by its public
		// id; a hand the caller cannot see is no cursor of his.
		err := s.pool.QueryRow(ctx, `SELECT id FROM hands WHERE public_id = $1 AND account_id = $2`, after, owner).Scan(&from)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.Page{}, store.BadCursor(q.Cursor)
		}
		if err != nil {
			return store.Page{}, wrap(ctx, err, "list hands")
		}
	}
	args := []any{owner, from, q.Game, q.Legal, q.Player}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	cond := ""
	if c := store.HandsFilter(q, arg, holeIn(arg)); c != "" {
		cond = "\n  AND " + c
	}
	text := "'', ''"
	if q.Text {
		text = handText("h") + ", coalesce((SELECT coalesce(a.doc, a.analysis::text) FROM hand_analyses a WHERE a.hand_id = h.id), '')"
	}
	sqlText := `
SELECT h.id, h.public_id, h.natural_key, h.site, h.site_hand_id, h.game, h.legal, h.created_at,
       coalesce((SELECT array_agg(name ORDER BY position) FROM hand_players WHERE hand_id = h.id), '{}'),
       ` + store.HandRowSQL("$5", verdictText("h")) + `, ` + text + `,
       ` + store.AnnotationSQL(tagsAgg, "h.id") + `
FROM hands h
WHERE h.account_id = $1
  AND ($2::bigint = 0 OR h.id < $2)
  AND ($3::text = '' OR h.game = $3)
  AND ($4::bool IS NULL OR h.legal = $4)
  AND ($5::text = '' OR EXISTS (SELECT 1 FROM hand_players p WHERE p.account_id = $1 AND p.name = $5 AND p.hand_id = h.id))` + cond + `
ORDER BY h.id DESC
LIMIT ` + arg(limit+1)
	rows, err := s.pool.Query(ctx, sqlText, args...)
	if err != nil {
		return store.Page{}, wrap(ctx, err, "list hands")
	}
	var page store.Page
	var h store.Hand
	var rf store.RowFacts
	var allIn int64
	var verdict, handJS, analysisJS, tagList string
	targets := append([]any{&h.Seq, &h.ID, &h.NaturalKey, &h.Site, &h.SiteHandID, &h.Game, &h.Legal, &h.CreatedAt, &h.Players}, append(store.RowTargets(&rf, &allIn, &verdict), &handJS, &analysisJS)...)
	targets = append(targets, &tagList, &h.Note)
	if _, err := pgx.ForEachRow(rows, targets, func() error {
		h.CreatedAt, h.Tags = h.CreatedAt.UTC(), store.SplitTags(tagList)
		rf.AllIn = allIn == 1
		h.Row = store.NewHandRow(rf, json.RawMessage(verdict), q.Player)
		if q.Text {
			h.Hand, h.Verdict = json.RawMessage(handJS), json.RawMessage(verdict)
			if analysisJS != "" {
				h.Analysis = json.RawMessage(analysisJS)
			}
		}
		page.Hands = append(page.Hands, h)
		h, rf = store.Hand{}, store.RowFacts{}
		return nil
	}); err != nil {
		return store.Page{}, wrap(ctx, err, "list hands")
	}
	if len(page.Hands) > limit {
		page.Hands = page.Hands[:limit]
		page.Next = store.EncodeCursor(page.Hands[limit-1].ID)
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
	if _, err := s.pool.Exec(ctx, `INSERT INTO equity_results (public_id, result, account_id) VALUES ($1, $2::text::jsonb, $3)`, id, string(result), account.From(ctx)); err != nil {
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
	err := s.pool.QueryRow(ctx, `SELECT result::text, created_at FROM equity_results WHERE public_id = $1 AND account_id = $2`, id, account.From(ctx)).Scan((*rawText)(&e.Result), &e.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Equity{}, fault.New(fault.NotFound, "no equity result with id %q", id)
	}
	if err != nil {
		return store.Equity{}, wrap(ctx, err, "read equity result")
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

// unreachable is the error of a failed connection made with ctx: whatever
// the server said (refused, no such database, authentication failed) or
// did not say (a connect_timeout, the store's deadline), the database is
// Unavailable to us; only ctx's own end is Canceled.
func unreachable(ctx context.Context, err error) error {
	if f := store.ContextFault(ctx, err, "connect to PostgreSQL"); f != nil {
		return f
	}
	return &fault.Error{Kind: fault.Unavailable, Action: -1, Message: "connect to PostgreSQL: database unavailable", Err: causeOf(err)}
}

// wrap classifies the error of a database call made with ctx: a context or
// deadline as store.ContextFault says (the store's deadline is
// Unavailable, the caller's end Canceled), a server error (SQLSTATE) other
// than a connection or shutdown class (08, 57) Internal, anything else
// (the server cannot be reached) Unavailable. The message names what was
// being done; the cause (SQLSTATE, constraint, the server's message, see
// causeOf) is kept for the log.
// handText and verdictText are the hand and verdict of hands row alias
// as text: the text column since migration 17, else the jsonb one the
// hands stored before it hold.
func handText(alias string) string {
	return "coalesce(" + alias + ".hand_doc, " + alias + ".hand::text)"
}

func verdictText(alias string) string {
	return "coalesce(" + alias + ".verdict_doc, " + alias + ".verdict::text)"
}

func wrap(ctx context.Context, err error, doing string) error {
	var f *fault.Error
	if errors.As(err, &f) {
		return err
	}
	if f := store.ContextFault(ctx, err, doing); f != nil {
		return f
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code[:2] != "08" && pe.Code[:2] != "57" {
		return &fault.Error{Kind: fault.Internal, Action: -1, Message: doing + ": database error", Err: causeOf(err)}
	}
	return &fault.Error{Kind: fault.Unavailable, Action: -1, Message: doing + ": database unavailable", Err: causeOf(err)}
}

// pgCause is a server error as the log needs it: SQLSTATE, the
// constraint, table and column it names, the message and detail.
type pgCause struct{ err error }

func (c pgCause) Unwrap() error { return c.err }

func (c pgCause) Error() string {
	var pe *pgconn.PgError
	if !errors.As(c.err, &pe) {
		return c.err.Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "SQLSTATE %s: %s", pe.Code, pe.Message)
	for _, kv := range [][2]string{{"constraint", pe.ConstraintName}, {"table", pe.TableName}, {"column", pe.ColumnName}, {"detail", pe.Detail}, {"hint", pe.Hint}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, "; %s %q", kv[0], kv[1])
		}
	}
	if msg := c.err.Error(); msg != pe.Error() {
		fmt.Fprintf(&b, " (%s)", msg)
	}
	return b.String()
}

// causeOf keeps err for the log, spelt out in full when it holds a
// server error (pgCause).
func causeOf(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pgCause{err}
	}
	return err
}
