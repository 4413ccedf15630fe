package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

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
	var version sql.NullInt64
	var doc, created sql.NullString
	err := s.db.QueryRowContext(ctx, `
SELECT a.engine_version, a.analysis, a.created_at
FROM hands h LEFT JOIN hand_analyses a ON a.hand_id = h.id
WHERE h.public_id = ? AND h.account_id = ?`, id, account.From(ctx)).Scan(&version, &doc, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Analysis{}, store.NoHand(id)
	}
	if err != nil {
		return store.Analysis{}, wrap(ctx, err, "read analysis")
	}
	if !version.Valid || !doc.Valid {
		return store.Analysis{}, store.NoAnalysis(id)
	}
	a := store.Analysis{HandID: id, EngineVersion: int(version.Int64), Analysis: json.RawMessage(doc.String)}
	if a.CreatedAt, err = parseTime(created.String); err != nil {
		return store.Analysis{}, wrap(ctx, err, "read analysis")
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

// SaveAnalyses implements store.Store: one IMMEDIATE transaction on the
// writer connection.
func (s *Store) SaveAnalyses(ctx context.Context, analyses []store.AnalysisSave) ([]error, error) {
	errs, err := store.CheckAnalyses(analyses)
	if err != nil {
		return nil, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	v := store.NewAnalysesSaver(analyses, errs)
	err = store.Retry(ctx, busy, func() error {
		return s.tx(ctx, func(tx *sql.Tx) error {
			return v.Run(func(a store.AnalysisSave) (bool, error) { return saveAnalysis(ctx, tx, a) })
		})
	})
	if err != nil {
		return nil, wrap(ctx, err, "save analysis")
	}
	return v.Result(), nil
}

// saveAnalysis stores analysis a in tx (see SaveAnalysis) and reports
// whether its hand exists.
func saveAnalysis(ctx context.Context, tx *sql.Tx, a store.AnalysisSave) (bool, error) {
	var n int64
	var legal bool
	err := tx.QueryRowContext(ctx, `SELECT id, legal FROM hands WHERE public_id = ?`, a.ID).Scan(&n, &legal)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !legal {
		// An illegal hand has no analysis (reverify may have made it
		// illegal since the caller read it).
		return true, nil
	}
	res, err := tx.ExecContext(ctx, `
INSERT INTO hand_analyses (hand_id, engine_version, analysis) VALUES (?, ?, ?)
ON CONFLICT (hand_id) DO UPDATE SET engine_version = excluded.engine_version, analysis = excluded.analysis,
  created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE hand_analyses.engine_version <= excluded.engine_version`, n, a.Version, string(a.Analysis))
	if err != nil {
		return true, err
	}
	if k, err := res.RowsAffected(); err != nil || k == 0 {
		return true, err // an older analysis than the stored one: nothing stored, the facts unchanged
	}
	// The all-in adjusted winnings of the hand's facts rows.
	for _, r := range a.Facts {
		if _, err := tx.ExecContext(ctx, `UPDATE hand_players SET adjusted_net = ?, allin = ?, freeroll = ? WHERE hand_id = ? AND position = ? AND facts > 0`,
			r.AdjustedNet, r.AllIn, r.Freeroll, n, r.Position); err != nil {
			return true, err
		}
	}
	return true, nil
}

// StaleHands implements store.Store.
func (s *Store) StaleHands(ctx context.Context, version int, after int64, limit int) ([]store.Hand, error) {
	return s.listHands(ctx, version, after, limit, "list stale hands", `
SELECT id, public_id, natural_key, site, site_hand_id, game, legal, hand, verdict, content_hash, created_at, engine_version, account_id, coalesce(import_id, 0)
FROM hands
WHERE engine_version < ? AND id > ?
ORDER BY id
LIMIT ?`)
}

// UnanalyzedHands implements store.Store: one keyset query walking the
// hands' primary key, anti-joined to hand_analyses on its primary key.
func (s *Store) UnanalyzedHands(ctx context.Context, version int, after int64, limit int) ([]store.Hand, error) {
	return s.listHands(ctx, version, after, limit, "list unanalyzed hands", `
SELECT h.id, h.public_id, h.natural_key, h.site, h.site_hand_id, h.game, h.legal, h.hand, h.verdict, h.content_hash, h.created_at, h.engine_version, h.account_id, coalesce(h.import_id, 0)
FROM hands h LEFT JOIN hand_analyses a ON a.hand_id = h.id
WHERE h.legal AND (a.hand_id IS NULL OR a.engine_version < ?1) AND h.id > ?2
ORDER BY h.id
LIMIT ?3`)
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

// HandRecords implements store.Store: one query on public_id's index, the
// ids passed as one JSON array.
func (s *Store) HandRecords(ctx context.Context, ids []string) ([]store.Hand, error) {
	ids, err := store.CheckRecordIDs(ids)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	list, _ := json.Marshal(ids)
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	out, err := s.scanHands(ctx, "read hands", `
SELECT id, public_id, natural_key, site, site_hand_id, game, legal, hand, verdict, content_hash, created_at, engine_version, account_id, coalesce(import_id, 0)
FROM hands
WHERE public_id IN (SELECT value FROM json_each(?)) AND account_id = ?`, string(list), account.From(ctx))
	if err != nil {
		return nil, err
	}
	return store.InIDOrder(out, ids), nil
}

// scanHands runs query (args its parameters), whose rows are the columns
// of listHands, and reads them as records.
func (s *Store) scanHands(ctx context.Context, doing, query string, args ...any) ([]store.Hand, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, wrap(ctx, err, doing)
	}
	defer rows.Close()
	var out []store.Hand
	for rows.Next() {
		var h store.Hand
		var handJS, verdictJS, created string
		if err := rows.Scan(&h.Seq, &h.ID, &h.NaturalKey, &h.Site, &h.SiteHandID, &h.Game, &h.Legal, &handJS, &verdictJS, &h.ContentHash, &created, &h.EngineVersion, &h.Account, &h.Import); err != nil {
			return nil, wrap(ctx, err, doing)
		}
		if h.CreatedAt, err = parseTime(created); err != nil {
			return nil, wrap(ctx, err, doing)
		}
		h.Hand, h.Verdict = json.RawMessage(handJS), json.RawMessage(verdictJS)
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(ctx, err, doing)
	}
	return out, nil
}

// UpdateVerdicts implements store.Store: one IMMEDIATE transaction on the
// writer connection, each hand's UPDATE guarded by its stored version.
func (s *Store) UpdateVerdicts(ctx context.Context, updates []store.VerdictUpdate) ([]store.Updated, error) {
	ok, out := store.AdmitUpdates(updates)
	if len(ok) == 0 {
		return out, nil
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	done := make([]bool, len(updates))
	err := store.Retry(ctx, busy, func() error {
		clear(done)
		return s.tx(ctx, func(tx *sql.Tx) error {
			for _, i := range ok {
				u := updates[i]
				var id int64
				err := tx.QueryRowContext(ctx, `UPDATE hands SET legal = ?, verdict = ?, engine_version = ? WHERE public_id = ? AND engine_version < ? RETURNING id`,
					u.Legal, string(u.Verdict), u.EngineVersion, u.ID, u.EngineVersion).Scan(&id)
				if errors.Is(err, sql.ErrNoRows) {
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
					if _, err := tx.ExecContext(ctx, `DELETE FROM hand_analyses WHERE hand_id = ?`, id); err != nil {
						return err
					}
					continue
				}
				if _, err := tx.ExecContext(ctx, `
INSERT INTO hand_analyses (hand_id, engine_version, analysis) VALUES (?, ?, ?)
ON CONFLICT (hand_id) DO UPDATE SET engine_version = excluded.engine_version, analysis = excluded.analysis,
  created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`, id, u.EngineVersion, string(u.Analysis)); err != nil {
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
