package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/store"
)

var _ store.Imports = (*Store)(nil)

// Writer returns the one writer connection (River's SQLite driver shares
// it, so that this process's job bookkeeping and its writes queue in Go
// rather than meet SQLITE_BUSY).
func (s *Store) Writer() *sql.DB { return s.w }

const nowSQL = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`

// write runs fn in a transaction on the writer, retried while the file is
// busy, under the store's deadline.
func (s *Store) write(ctx context.Context, doing string, fn func(ctx context.Context, tx *sql.Tx) error) error {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	err := store.Retry(ctx, busy, func() error {
		return s.tx(ctx, func(tx *sql.Tx) error { return fn(ctx, tx) })
	})
	if err != nil {
		return wrap(ctx, err, doing)
	}
	return nil
}

// CreateImport implements store.Imports. It also drops uploads abandoned
// for a day.
func (s *Store) CreateImport(ctx context.Context, acct account.ID, publicID string) (int64, error) {
	var id int64
	err := s.write(ctx, "create import", func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM imports WHERE state = 'uploading' AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')`); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `INSERT INTO imports (public_id, account_id) VALUES (?, ?) RETURNING id`, publicID, int64(acct)).Scan(&id)
	})
	return id, err
}

// AddImportPart implements store.Imports.
func (s *Store) AddImportPart(ctx context.Context, id int64, chunk, part int, data []byte) error {
	return s.write(ctx, "store upload part", func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO import_parts (import_id, chunk, part, data) VALUES (?, ?, ?, ?)`, id, chunk, part, data)
		return err
	})
}

// AddImportChunk implements store.Imports.
func (s *Store) AddImportChunk(ctx context.Context, id int64, c store.ImportChunk) error {
	return s.write(ctx, "store upload chunk", func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `
INSERT INTO import_chunks (import_id, chunk, file_name, format, first_line, first_hand, hands, bytes)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, c.Chunk, c.File, c.Format, c.FirstLine, c.FirstHand, c.Hands, c.Bytes)
		return err
	})
}

// QueueImport implements store.Imports; enqueue gets a *sql.Tx.
func (s *Store) QueueImport(ctx context.Context, id int64, files int, bytes int64, fileErrors []store.ImportError, reason string, enqueue func(tx any) error) error {
	errs := store.EncodeImportErrors(fileErrors)
	return s.write(ctx, "queue import", func(ctx context.Context, tx *sql.Tx) error {
		var chunks int
		var expected int64
		var readable int
		if err := tx.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE format <> ''), coalesce(sum(hands), 0) FROM import_chunks WHERE import_id = ?`, id).Scan(&chunks, &readable, &expected); err != nil {
			return err
		}
		if readable == 0 && chunks > 0 {
			// Only files refused while stored (too large to read whole).
			if _, err := tx.ExecContext(ctx, `DELETE FROM import_chunks WHERE import_id = ?`, id); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM import_parts WHERE import_id = ?`, id); err != nil {
				return err
			}
			chunks = 0
		}
		state, finished := store.ImportQueued, sql.NullString{}
		why := ""
		if chunks == 0 {
			why = reason
			state, finished = store.ImportFailed, sql.NullString{String: time.Now().UTC().Format(time.RFC3339Nano), Valid: true}
			if why == "" {
				why = "the upload holds no hand"
			}
		}
		if _, err := tx.ExecContext(ctx, `
UPDATE imports SET state = ?, reason = ?, files = ?, bytes = ?, chunks = ?, hands_expected = ?, file_errors = ?, finished_at = ?
WHERE id = ?`, state, why, files, bytes, chunks, expected, errs, finished, id); err != nil {
			return err
		}
		if chunks == 0 {
			return nil
		}
		return enqueue(tx)
	})
}

// DeleteImport implements store.Imports.
func (s *Store) DeleteImport(ctx context.Context, id int64) error {
	return s.write(ctx, "delete import", func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM imports WHERE id = ?`, id)
		return err
	})
}

const importColumns = `id, public_id, account_id, state, reason, files, bytes, chunks, hands_expected, file_errors, created_at, started_at, finished_at`

// pageColumns are importColumns of the page's derived table i.
const pageColumns = `i.id, i.public_id, i.account_id, i.state, i.reason, i.files, i.bytes, i.chunks, i.hands_expected, i.file_errors, i.created_at, i.started_at, i.finished_at`

type scanner interface{ Scan(...any) error }

func scanImport(row scanner) (store.Import, error) {
	var im store.Import
	var acct int64
	var fileErrs, created string
	var started, finished sql.NullString
	if err := row.Scan(&im.ID, &im.PublicID, &acct, &im.State, &im.Reason, &im.Files, &im.Bytes, &im.Chunks, &im.HandsExpected, &fileErrs, &created, &started, &finished); err != nil {
		return im, err
	}
	im.Account = account.ID(acct)
	json.Unmarshal([]byte(fileErrs), &im.Errors)
	var err error
	if im.CreatedAt, err = parseTime(created); err != nil {
		return im, err
	}
	if im.StartedAt, err = parseNullTime(started); err != nil {
		return im, err
	}
	im.FinishedAt, err = parseNullTime(finished)
	return im, err
}

// sumsSQL are the columns of an import's sums over its chunks (c) and
// its analysis parts, and its first errors (store.ScanChunkSums), for the
// import whose id is the SQL id, at most maxErrs chunks' errors: summed by
// the database, in one row per import, rather than each chunk's row and
// JSON read and summed here on every read.
func sumsSQL(id, maxErrs string) string {
	return strings.NewReplacer("{id}", id, "{max}", maxErrs).Replace(store.ChunkSumsSQL + `,
       (SELECT json_group_object(r, n) FROM (
          SELECT s.key AS r, sum(s.value) AS n FROM import_chunks c2, json_each(c2.skipped) s
          WHERE c2.import_id = {id} AND c2.skipped <> '{}' GROUP BY s.key)),
       (SELECT json_group_array(json(errors)) FROM (
          SELECT errors FROM import_chunks WHERE import_id = {id} AND errors <> '[]' ORDER BY chunk LIMIT {max})),
       (SELECT json_array(coalesce(sum(hands), 0), coalesce(sum(analysed), 0), coalesce(sum(failed), 0),
          coalesce(sum(CASE WHEN state = 'queued' THEN hands END), 0),
          coalesce((julianday(max(finished_at)) - julianday(min(created_at))) * 86400, 0),
          coalesce((julianday(max(finished_at)) - 2440587.5) * 86400, 0))
        FROM import_analyses WHERE import_id = {id})`)
}

// sums sets im's sums (sumsSQL).
func sums(ctx context.Context, q *sql.DB, im *store.Import) error {
	return store.ScanChunkSums(q.QueryRowContext(ctx, `SELECT `+sumsSQL("?1", "?2")+`
FROM import_chunks c WHERE c.import_id = ?1`, im.ID, store.MaxImportErrors), im)
}

// Import implements store.Imports.
func (s *Store) Import(ctx context.Context, acct account.ID, publicID string) (store.Import, error) {
	if !store.ValidPublicID(publicID) {
		return store.Import{}, store.ImportNotFound(publicID)
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	im, err := scanImport(s.db.QueryRowContext(ctx, `SELECT `+importColumns+` FROM imports WHERE public_id = ? AND account_id = ? AND state <> 'uploading'`, publicID, int64(acct)))
	if errors.Is(err, sql.ErrNoRows) {
		return store.Import{}, store.ImportNotFound(publicID)
	}
	if err == nil {
		err = sums(ctx, s.db, &im)
	}
	if err != nil {
		return store.Import{}, wrap(ctx, err, "read import")
	}
	return im, nil
}

// ImportsPage implements store.Imports.
func (s *Store) ImportsPage(ctx context.Context, acct account.ID, cursor string, limit int) ([]store.Import, string, error) {
	pub, err := store.DecodeImportCursor(cursor)
	if err != nil {
		return nil, "", err
	}
	limit = store.PageLimit(limit)
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	after := int64(1<<63 - 1)
	if pub != "" {
		// The cursor names the previous page's last import by its public
		// id; one the caller cannot see is no cursor of his.
		err := s.db.QueryRowContext(ctx, `SELECT id FROM imports WHERE public_id = ? AND account_id = ?`, pub, int64(acct)).Scan(&after)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, "", store.BadImportCursor(cursor)
		}
		if err != nil {
			return nil, "", wrap(ctx, err, "list imports")
		}
	}
	// The page and every import's sums in one query (one aggregate per
	// import, not one round trip each).
	rows, err := s.db.QueryContext(ctx, `SELECT `+pageColumns+`, `+sumsSQL("i.id", "?4")+`
FROM (SELECT `+importColumns+` FROM imports
      WHERE account_id = ?1 AND id < ?2 AND state <> 'uploading' ORDER BY id DESC LIMIT ?3) i
LEFT JOIN import_chunks c ON c.import_id = i.id
GROUP BY i.id ORDER BY i.id DESC`, int64(acct), after, limit+1, store.MaxImportErrors)
	if err != nil {
		return nil, "", wrap(ctx, err, "list imports")
	}
	var out []store.Import
	for rows.Next() {
		var sums store.ChunkSums
		im, err := scanImport(store.WithSums{Row: rows, Sums: &sums})
		if err == nil {
			err = sums.Apply(&im)
		}
		if err != nil {
			rows.Close()
			return nil, "", wrap(ctx, err, "list imports")
		}
		out = append(out, im)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, "", wrap(ctx, err, "list imports")
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		next = store.ImportCursor(out[limit-1].PublicID)
	}
	return out, next, nil
}

// CancelImport implements store.Imports.
func (s *Store) CancelImport(ctx context.Context, acct account.ID, publicID string) (store.Import, error) {
	if !store.ValidPublicID(publicID) {
		return store.Import{}, store.ImportNotFound(publicID)
	}
	err := s.write(ctx, "cancel import", func(ctx context.Context, tx *sql.Tx) error {
		var id int64
		var state string
		err := tx.QueryRowContext(ctx, `SELECT id, state FROM imports WHERE public_id = ? AND account_id = ? AND state <> 'uploading'`, publicID, int64(acct)).Scan(&id, &state)
		if err != nil {
			return err
		}
		if state == store.ImportDone || state == store.ImportQueued || state == store.ImportRunning {
			// Its queued analyses are cancelled (a done import may be
			// analysing: it is cancelled then).
			res, err := tx.ExecContext(ctx, `UPDATE import_analyses SET state = 'cancelled', finished_at = `+nowSQL+` WHERE import_id = ? AND state = 'queued'`, id)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n > 0 && state == store.ImportDone {
				_, err := tx.ExecContext(ctx, `UPDATE imports SET state = 'cancelled' WHERE id = ?`, id)
				return err
			}
		}
		if state != store.ImportQueued && state != store.ImportRunning {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE import_chunks SET state = 'cancelled', finished_at = `+nowSQL+` WHERE import_id = ? AND state = 'queued'`, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM import_parts WHERE import_id = ? AND chunk IN (SELECT chunk FROM import_chunks WHERE import_id = ? AND state = 'cancelled')`, id, id); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE imports SET state = 'cancelled',
  finished_at = CASE WHEN EXISTS (SELECT 1 FROM import_chunks WHERE import_id = ? AND state = 'running') THEN NULL ELSE `+nowSQL+` END
WHERE id = ?`, id, id)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return store.Import{}, store.ImportNotFound(publicID)
	}
	if err != nil {
		return store.Import{}, err
	}
	return s.Import(ctx, acct, publicID)
}

// StartImportChunk implements store.Imports.
func (s *Store) StartImportChunk(ctx context.Context, id int64, chunk int) (store.ChunkWork, error) {
	var w store.ChunkWork
	err := s.write(ctx, "start import chunk", func(ctx context.Context, tx *sql.Tx) error {
		w = store.ChunkWork{}
		var acct int64
		var started sql.NullString
		err := tx.QueryRowContext(ctx, `
SELECT i.account_id, i.state, c.state, c.attempts, c.started_at, c.file_name, c.format, c.first_line, c.first_hand, c.hands, c.bytes
FROM import_chunks c JOIN imports i ON i.id = c.import_id
WHERE c.import_id = ? AND c.chunk = ?`, id, chunk).Scan(
			&acct, &w.ImportState, &w.State, &w.Attempts, &started, &w.File, &w.Format, &w.FirstLine, &w.FirstHand, &w.Hands, &w.Bytes)
		if err != nil {
			return err
		}
		w.Chunk, w.Account = chunk, account.ID(acct)
		prev, err := parseNullTime(started)
		if err != nil {
			return err
		}
		if prev != nil {
			w.StartedAt = *prev
		}
		if store.ChunkFinished(w.State) || w.ImportState == store.ImportCancelled {
			return nil
		}
		var at string
		if err := tx.QueryRowContext(ctx, `UPDATE import_chunks SET state = 'running', attempts = attempts + 1, started_at = coalesce(started_at, `+nowSQL+`)
WHERE import_id = ? AND chunk = ? RETURNING attempts, started_at`, id, chunk).Scan(&w.Attempts, &at); err != nil {
			return err
		}
		if w.StartedAt, err = parseTime(at); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE imports SET state = 'running', started_at = coalesce(started_at, `+nowSQL+`) WHERE id = ? AND state = 'queued'`, id); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT data FROM import_parts WHERE import_id = ? AND chunk = ? ORDER BY part`, id, chunk)
		if err != nil {
			return err
		}
		defer rows.Close()
		w.Data = make([]byte, 0, w.Bytes)
		for rows.Next() {
			var part []byte
			if err := rows.Scan(&part); err != nil {
				return err
			}
			w.Data = append(w.Data, part...)
		}
		return rows.Err()
	})
	if errors.Is(err, sql.ErrNoRows) {
		return store.ChunkWork{}, store.ImportNotFound("chunk")
	}
	return w, err
}

// FinishImportChunk implements store.Imports.
func (s *Store) FinishImportChunk(ctx context.Context, id int64, chunk int, r store.ChunkResult) error {
	skipped, errs := store.EncodeSkipped(r.Counts.Skipped), store.EncodeImportErrors(r.Errors)
	c := r.Counts
	return s.write(ctx, "finish import chunk", func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `
UPDATE import_chunks SET state = ?, read = ?, stored = ?, duplicates = ?, conflicts = ?, legal = ?, illegal = ?,
  unreadable = ?, analysed = ?, skipped = ?, errors = ?, finished_at = `+nowSQL+`
WHERE import_id = ? AND chunk = ? AND state NOT IN ('done', 'failed', 'cancelled')`,
			r.State, c.Read, c.Stored, c.Duplicates, c.Conflicts, c.Legal, c.Illegal, c.Unreadable, c.Analysed, skipped, errs, id, chunk)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM import_parts WHERE import_id = ? AND chunk = ?`, id, chunk); err != nil {
			return err
		}
		return finishImport(ctx, tx, id)
	})
}

// WaitingImportJobs implements store.Imports.
func (s *Store) WaitingImportJobs(ctx context.Context, kind string, id int64) ([]int64, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM river_job
WHERE kind = ? AND json_extract(args, '$.import') = ?
  AND state IN ('available', 'scheduled', 'retryable', 'pending')
ORDER BY id LIMIT ?`, kind, id, store.MaxLimit)
	if err != nil {
		return nil, wrap(ctx, err, "list waiting jobs")
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var job int64
		if err := rows.Scan(&job); err != nil {
			return nil, wrap(ctx, err, "list waiting jobs")
		}
		out = append(out, job)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(ctx, err, "list waiting jobs")
	}
	return out, nil
}

// ImportJobCounts implements store.Imports.
func (s *Store) ImportJobCounts(ctx context.Context, kind string) (map[string]int64, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `SELECT state, count(*) FROM river_job WHERE kind = ? GROUP BY state`, kind)
	if err != nil {
		return nil, wrap(ctx, err, "count jobs")
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var st string
		var n int64
		if err := rows.Scan(&st, &n); err != nil {
			return nil, wrap(ctx, err, "count jobs")
		}
		out[st] = n
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(ctx, err, "count jobs")
	}
	return out, nil
}

// finishImport ends import id when none of its chunks is queued or
// running (see the PostgreSQL store's).
func finishImport(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, `
UPDATE imports SET
  state = CASE WHEN state = 'cancelled' THEN 'cancelled'
               WHEN EXISTS (SELECT 1 FROM import_chunks WHERE import_id = imports.id AND state = 'failed') THEN 'failed'
               ELSE 'done' END,
  reason = CASE WHEN reason = '' THEN coalesce((SELECT json_extract(errors, '$[#-1].message') FROM import_chunks
               WHERE import_id = imports.id AND state = 'failed' ORDER BY chunk LIMIT 1), '') ELSE reason END,
  finished_at = `+nowSQL+`
WHERE id = ? AND finished_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM import_chunks WHERE import_id = imports.id AND state IN ('queued', 'running'))`, id)
	return err
}

// ReconcileImportChunks implements store.Imports.
func (s *Store) ReconcileImportChunks(ctx context.Context, kind, message string) (int, error) {
	errs := store.EncodeImportErrors([]store.ImportError{{Message: message}})
	return store.InBatches(func() (int, error) { return s.reconcileBatch(ctx, kind, errs) })
}

// reconcileBatch fails at most store.ReconcileBatch chunks of
// ReconcileImportChunks in one transaction and returns how many.
func (s *Store) reconcileBatch(ctx context.Context, kind, errs string) (int, error) {
	n := 0
	err := s.write(ctx, "reconcile import chunks", func(ctx context.Context, tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `
UPDATE import_chunks SET state = 'failed', errors = ?, finished_at = `+nowSQL+`
WHERE rowid IN (SELECT c.rowid FROM import_chunks c
  WHERE c.state IN ('queued', 'running') AND EXISTS (SELECT 1 FROM river_job j
    WHERE j.kind = ? AND j.state = 'discarded'
      AND json_extract(j.args, '$.import') = c.import_id AND json_extract(j.args, '$.chunk') = c.chunk)
  LIMIT ?)
RETURNING import_id, chunk`, errs, kind, store.ReconcileBatch)
		if err != nil {
			return err
		}
		var ids, chunks []int64
		for rows.Next() {
			var id, chunk int64
			if err := rows.Scan(&id, &chunk); err != nil {
				rows.Close()
				return err
			}
			ids, chunks = append(ids, id), append(chunks, chunk)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		// A failed chunk's bytes are read by no one any more.
		for i := range ids {
			if _, err := tx.ExecContext(ctx, `DELETE FROM import_parts WHERE import_id = ? AND chunk = ?`, ids[i], chunks[i]); err != nil {
				return err
			}
		}
		n = len(ids)
		// Each import once, however many of its chunks failed.
		slices.Sort(ids)
		for _, id := range slices.Compact(ids) {
			if err := finishImport(ctx, tx, id); err != nil {
				return err
			}
		}
		return nil
	})
	return n, err
}

// AddImportAnalyses implements store.Imports: the check and the inserts
// in one write transaction (SQLite's writes are one at a time, so a
// cancellation comes wholly before or after).
func (s *Store) AddImportAnalyses(ctx context.Context, id int64, chunk int, hands []int) (bool, error) {
	if len(hands) == 0 {
		return true, nil
	}
	live := false
	err := s.write(ctx, "add import analyses", func(ctx context.Context, tx *sql.Tx) error {
		var state string
		err := tx.QueryRowContext(ctx, `SELECT state FROM imports WHERE id = ?`, id).Scan(&state)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // gone: nothing to analyse
		}
		if err != nil {
			return err
		}
		if live = state != store.ImportCancelled; !live {
			return nil
		}
		for i, n := range hands {
			if _, err := tx.ExecContext(ctx, `INSERT INTO import_analyses (import_id, chunk, part, hands) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`, id, chunk, i, n); err != nil {
				return err
			}
		}
		return nil
	})
	return live, err
}

// ImportAnalysisState implements store.Imports.
func (s *Store) ImportAnalysisState(ctx context.Context, id int64, chunk, part int) (string, string, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var imp, st string
	err := s.db.QueryRowContext(ctx, `SELECT i.state, a.state FROM imports i JOIN import_analyses a ON a.import_id = i.id
WHERE i.id = ? AND a.chunk = ? AND a.part = ?`, id, chunk, part).Scan(&imp, &st)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", store.ImportNotFound("analysis part")
	}
	if err != nil {
		return "", "", wrap(ctx, err, "read import analysis")
	}
	return imp, st, nil
}

// FinishImportAnalysis implements store.Imports.
func (s *Store) FinishImportAnalysis(ctx context.Context, id int64, chunk, part int, analysed, failed int) error {
	_, err := s.exec(ctx, "finish import analysis", `
UPDATE import_analyses SET state = CASE WHEN state = 'queued' THEN 'done' ELSE state END,
  analysed = ?, failed = ?, finished_at = coalesce(finished_at, `+nowSQL+`)
WHERE import_id = ? AND chunk = ? AND part = ?
  AND (state = 'queued' OR (state = 'cancelled' AND analysed = 0 AND failed = 0))`, analysed, failed, id, chunk, part)
	return err
}

// CancelImportAnalysis implements store.Imports.
func (s *Store) CancelImportAnalysis(ctx context.Context, id int64, chunk, part int) error {
	_, err := s.exec(ctx, "cancel import analysis", `
UPDATE import_analyses SET state = 'cancelled', finished_at = `+nowSQL+`
WHERE import_id = ? AND chunk = ? AND part = ? AND state = 'queued'`, id, chunk, part)
	return err
}

// HeldImports implements store.Imports: one query on the imports'
// primary key.
func (s *Store) HeldImports(ctx context.Context, ids []int64) (map[int64]bool, error) {
	held := map[int64]bool{}
	if len(ids) == 0 {
		return held, nil
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM imports i
WHERE id IN (SELECT value FROM json_each(?)) AND (state IN ('queued', 'running', 'cancelled')
  OR EXISTS (SELECT 1 FROM import_analyses a WHERE a.import_id = i.id AND a.state = 'queued'))`, string(list))
	if err != nil {
		return nil, wrap(ctx, err, "read held imports")
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, wrap(ctx, err, "read held imports")
		}
		held[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(ctx, err, "read held imports")
	}
	return held, nil
}
