package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/store"
)

// Analysis implements store.Store.
func (s *Store) Analysis(ctx context.Context, id string) (store.Analysis, error) {
	if err := store.CheckHandID(id); err != nil {
		return store.Analysis{}, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	a := store.Analysis{HandID: id}
	var version *int32
	var created *time.Time
	var doc *string
	err := s.pool.QueryRow(ctx, `
SELECT a.engine_version, coalesce(a.doc, a.analysis::text), a.created_at
FROM hands h LEFT JOIN hand_analyses a ON a.hand_id = h.id
WHERE h.public_id = $1 AND h.account_id = $2`, id, account.From(ctx)).Scan(&version, &doc, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Analysis{}, store.NoHand(id)
	}
	if err != nil {
		return store.Analysis{}, wrap(ctx, err, "read analysis")
	}
	if version == nil || doc == nil {
		return store.Analysis{}, store.NoAnalysis(id)
	}
	a.EngineVersion, a.Analysis = int(*version), json.RawMessage(*doc)
	if created != nil {
		a.CreatedAt = created.UTC()
	}
	return a, nil
}

// SaveAnalysis implements store.Store.
func (s *Store) SaveAnalysis(ctx context.Context, id string, version int, doc json.RawMessage, facts []store.FactsRow) error {
	errs, err := s.SaveAnalyses(ctx, []store.AnalysisSave{{ID: id, Version: version, Analysis: doc, Facts: facts}})
	if err != nil {
		return err
	}
	return errs[0]
}

// SaveAnalyses implements store.Store: one transaction of two statements
// for the whole batch (saveAnalyses), whatever its size: the analyses go
// in with one INSERT over arrays and the facts they carry with one UPDATE,
// instead of two statements an analysis (each parsed, planned and
// executed on its own). A hand named twice in one batch is saved in a
// second round of the same two statements, after the first, as a
// one-by-one save would.
func (s *Store) SaveAnalyses(ctx context.Context, analyses []store.AnalysisSave) ([]error, error) {
	errs, err := store.CheckAnalyses(analyses)
	if err != nil {
		return nil, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	v := store.NewAnalysesSaver(analyses, errs)
	err = store.Retry(ctx, retryable, func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			return v.RunBatches(func(batch []store.AnalysisSave) ([]bool, error) { return saveAnalyses(ctx, tx, batch) })
		})
	})
	if err != nil {
		return nil, wrap(ctx, err, "save analysis")
	}
	return v.Result(), nil
}

// saveAnalyses stores the analyses of batch (no hand twice) in tx and
// reports, for each, whether its hand exists. An analysis goes in only
// for a legal hand and over an older or equal version; its facts follow
// only an analysis stored, so that a hand listed as analysed
// (UnanalyzedHands) always has its facts refreshed.
func saveAnalyses(ctx context.Context, tx pgx.Tx, batch []store.AnalysisSave) ([]bool, error) {
	ids := make([]string, len(batch))
	versions := make([]int32, len(batch))
	docs := make([]string, len(batch))
	for i, a := range batch {
		ids[i], versions[i], docs[i] = a.ID, int32(a.Version), string(a.Analysis)
	}
	rows, err := tx.Query(ctx, `
WITH t AS (
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[]) WITH ORDINALITY AS t(public_id, version, analysis, ord)
),
h AS (SELECT t.ord, h.id, h.legal, t.version, t.analysis FROM t JOIN hands h ON h.public_id = t.public_id),
ins AS (
  INSERT INTO hand_analyses (hand_id, engine_version, doc)
  SELECT id, version, analysis FROM h WHERE legal
  ON CONFLICT (hand_id) DO UPDATE SET engine_version = excluded.engine_version, doc = excluded.doc, analysis = NULL, created_at = now()
  WHERE hand_analyses.engine_version <= excluded.engine_version
  RETURNING hand_id
)
SELECT h.ord, h.id, h.id IN (SELECT hand_id FROM ins) FROM h`, pgx.QueryExecModeExec, ids, versions, docs)
	if err != nil {
		return nil, err
	}
	found := make([]bool, len(batch))
	var hand, position []int64
	var net []*float64
	var allin, freeroll []*int
	var ord, id int64
	var stored bool
	if _, err := pgx.ForEachRow(rows, []any{&ord, &id, &stored}, func() error {
		i := int(ord - 1)
		if i < 0 || i >= len(batch) {
			return fmt.Errorf("save analyses: row %d of %d", ord, len(batch))
		}
		found[i] = true
		if !stored {
			return nil
		}
		for _, f := range adjustedRows(id, batch[i].Facts) {
			hand, position = append(hand, f.HandID), append(position, int64(f.Position))
			net, allin, freeroll = append(net, f.AdjustedNet), append(allin, f.AllIn), append(freeroll, f.Freeroll)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if len(hand) == 0 {
		return found, nil
	}
	// Planned on each execution, on the arrays' hands (a generic plan
	// cached while the table was small scans it whole: see writeFacts).
	_, err = tx.Exec(ctx, `
UPDATE hand_players hp SET adjusted_net = t.adjusted_net, allin = t.allin, freeroll = t.freeroll
FROM unnest($1::bigint[], $2::bigint[], $3::float8[], $4::bigint[], $5::bigint[]) AS t(hand_id, position, adjusted_net, allin, freeroll)
WHERE hp.hand_id = ANY ($1::bigint[]) AND hp.hand_id = t.hand_id AND hp.position = t.position AND hp.facts > 0`,
		pgx.QueryExecModeExec, hand, position, net, allin, freeroll)
	return found, err
}

// adjustedRows are the adjusted net, all-in and freeroll flags of facts (per
// position) as the facts rows of hand id.
func adjustedRows(id int64, facts []store.FactsRow) []store.FactsRow {
	rows := make([]store.FactsRow, len(facts))
	for i, f := range facts {
		rows[i] = store.FactsRow{HandID: id, Position: f.Position, AdjustedNet: f.AdjustedNet, AllIn: f.AllIn, Freeroll: f.Freeroll}
	}
	return rows
}

// StaleHands implements store.Store: one keyset query on the
// (engine_version, id) index's table.
func (s *Store) StaleHands(ctx context.Context, version int, after int64, limit int) ([]store.Hand, error) {
	return s.listHands(ctx, version, after, limit, "list stale hands", `
SELECT id, public_id, natural_key, site, site_hand_id, game, legal, `+handText("hands")+`, `+verdictText("hands")+`, content_hash, created_at, engine_version, account_id, coalesce(import_id, 0)
FROM hands
WHERE engine_version < $1 AND id > $2
ORDER BY id
LIMIT $3`)
}

// UnanalyzedHands implements store.Store: one keyset query walking the
// hands' primary key, anti-joined to hand_analyses on its primary key.
func (s *Store) UnanalyzedHands(ctx context.Context, version int, after int64, limit int) ([]store.Hand, error) {
	return s.listHands(ctx, version, after, limit, "list unanalyzed hands", `
SELECT h.id, h.public_id, h.natural_key, h.site, h.site_hand_id, h.game, h.legal, `+handText("h")+`, `+verdictText("h")+`, h.content_hash, h.created_at, h.engine_version, h.account_id, coalesce(h.import_id, 0)
FROM hands h LEFT JOIN hand_analyses a ON a.hand_id = h.id
WHERE h.legal AND h.id > $2 AND (a.hand_id IS NULL OR a.engine_version < $1)
ORDER BY h.id
LIMIT $3`)
}

// listHands runs a keyset query of hands taking (version, after id,
// limit) under the store's deadline.
func (s *Store) listHands(ctx context.Context, version int, after int64, limit int, doing, query string) ([]store.Hand, error) {
	limit, err := store.CheckStale(version, after, limit)
	if err != nil {
		return nil, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	return s.scanHands(ctx, doing, query, version, after, limit)
}

// HandRecords implements store.Store: one query on public_id's index.
func (s *Store) HandRecords(ctx context.Context, ids []string) ([]store.Hand, error) {
	ids, err := store.CheckRecordIDs(ids)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	out, err := s.scanHands(ctx, "read hands", `
SELECT id, public_id, natural_key, site, site_hand_id, game, legal, `+handText("hands")+`, `+verdictText("hands")+`, content_hash, created_at, engine_version, account_id, coalesce(import_id, 0)
FROM hands
WHERE public_id = ANY($1) AND account_id = $2`, ids, account.From(ctx))
	if err != nil {
		return nil, err
	}
	return store.InIDOrder(out, ids), nil
}

// scanHands runs query (args its parameters), whose rows are the columns
// of listHands, and reads them as records.
func (s *Store) scanHands(ctx context.Context, doing, query string, args ...any) ([]store.Hand, error) {
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, wrap(ctx, err, doing)
	}
	var out []store.Hand
	var h store.Hand
	if _, err := pgx.ForEachRow(rows, []any{&h.Seq, &h.ID, &h.NaturalKey, &h.Site, &h.SiteHandID, &h.Game, &h.Legal,
		(*rawText)(&h.Hand), (*rawText)(&h.Verdict), &h.ContentHash, &h.CreatedAt, &h.EngineVersion, &h.Account, &h.Import}, func() error {
		h.CreatedAt = h.CreatedAt.UTC()
		out = append(out, h)
		h = store.Hand{}
		return nil
	}); err != nil {
		return nil, wrap(ctx, err, doing)
	}
	return out, nil
}

// UpdateVerdicts implements store.Store: one transaction, one UPDATE per
// hand guarded by its stored version (so that two runs never step back),
// and its analysis replaced or removed.
func (s *Store) UpdateVerdicts(ctx context.Context, updates []store.VerdictUpdate) ([]store.Updated, error) {
	ok, out := store.AdmitUpdates(updates)
	if len(ok) == 0 {
		return out, nil
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	done := make([]bool, len(updates))
	err := store.Retry(ctx, retryable, func() error {
		clear(done)
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			for _, i := range ok {
				u := updates[i]
				var id int64
				err := tx.QueryRow(ctx, `
UPDATE hands SET legal = $2, verdict_doc = $3, verdict = NULL, engine_version = $4
WHERE public_id = $1 AND engine_version < $4
RETURNING id`, u.ID, u.Legal, string(u.Verdict), u.EngineVersion).Scan(&id)
				if errors.Is(err, pgx.ErrNoRows) {
					continue
				}
				if err != nil {
					return err
				}
				done[i] = true
				if err := writeFacts(ctx, tx, u.UpdateFacts(id)); err != nil {
					return err
				}
				if u.Analysis == nil {
					if _, err := tx.Exec(ctx, `DELETE FROM hand_analyses WHERE hand_id = $1`, id); err != nil {
						return err
					}
					continue
				}
				if _, err := tx.Exec(ctx, `
INSERT INTO hand_analyses (hand_id, engine_version, doc) VALUES ($1, $2, $3)
ON CONFLICT (hand_id) DO UPDATE SET engine_version = excluded.engine_version, doc = excluded.doc, analysis = NULL, created_at = now()`,
					id, u.EngineVersion, string(u.Analysis)); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		return nil, wrap(ctx, err, "update verdicts")
	}
	for _, i := range ok {
		out[i].Updated = done[i]
	}
	return out, nil
}
