package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/store"
)

var _ store.Imports = (*Store)(nil)

// CreateImport implements store.Imports. It also drops uploads abandoned
// for a day (a process that died mid-upload never answered them).
func (s *Store) CreateImport(ctx context.Context, acct account.ID, publicID string) (int64, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var id int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM imports WHERE state = 'uploading' AND created_at < now() - interval '1 day'`); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `INSERT INTO imports (public_id, account_id) VALUES ($1, $2) RETURNING id`, publicID, int64(acct)).Scan(&id)
	})
	if err != nil {
		return 0, wrap(ctx, err, "create import")
	}
	return id, nil
}

// AddImportPart implements store.Imports.
func (s *Store) AddImportPart(ctx context.Context, id int64, chunk, part int, data []byte) error {
	_, err := s.exec(ctx, "store upload part", `INSERT INTO import_parts (import_id, chunk, part, data) VALUES ($1, $2, $3, $4)`, id, chunk, part, data)
	return err
}

// AddImportChunk implements store.Imports.
func (s *Store) AddImportChunk(ctx context.Context, id int64, c store.ImportChunk) error {
	_, err := s.exec(ctx, "store upload chunk", `
INSERT INTO import_chunks (import_id, chunk, file_name, format, first_line, first_hand, hands, bytes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, id, c.Chunk, c.File, c.Format, c.FirstLine, c.FirstHand, c.Hands, c.Bytes)
	return err
}

// QueueImport implements store.Imports; enqueue gets a pgx.Tx.
func (s *Store) QueueImport(ctx context.Context, id int64, files int, bytes int64, fileErrors []store.ImportError, reason string, enqueue func(tx any) error) error {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	errs := store.EncodeImportErrors(fileErrors)
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var chunks int
		var expected int64
		var readable int
		if err := tx.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE format <> ''), coalesce(sum(hands), 0) FROM import_chunks WHERE import_id = $1`, id).Scan(&chunks, &readable, &expected); err != nil {
			return err
		}
		if readable == 0 && chunks > 0 {
			// Only files refused while stored (too large to read whole).
			if _, err := tx.Exec(ctx, `DELETE FROM import_chunks WHERE import_id = $1`, id); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM import_parts WHERE import_id = $1`, id); err != nil {
				return err
			}
			chunks = 0
		}
		state, finished := store.ImportQueued, (*time.Time)(nil)
		if chunks > 0 {
			reason = "" // the file errors are in file_errors
		} else {
			now := time.Now()
			state, finished = store.ImportFailed, &now
			if reason == "" {
				reason = "the upload holds no hand"
			}
		}
		if _, err := tx.Exec(ctx, `
UPDATE imports SET state = $2, reason = $3, files = $4, bytes = $5, chunks = $6, hands_expected = $7, file_errors = $8::jsonb, finished_at = $9
WHERE id = $1`, id, state, reason, files, bytes, chunks, expected, errs, finished); err != nil {
			return err
		}
		if chunks == 0 {
			return nil
		}
		return enqueue(tx)
	})
	if err != nil {
		return wrap(ctx, err, "queue import")
	}
	return nil
}

// DeleteImport implements store.Imports.
func (s *Store) DeleteImport(ctx context.Context, id int64) error {
	_, err := s.exec(ctx, "delete import", `DELETE FROM imports WHERE id = $1`, id)
	return err
}

const importColumns = `id, public_id, account_id, state, reason, files, bytes, chunks, hands_expected, file_errors::text AS file_errors, created_at, started_at, finished_at`

// pageColumns are importColumns of the page's derived table i.
const pageColumns = `i.id, i.public_id, i.account_id, i.state, i.reason, i.files, i.bytes, i.chunks, i.hands_expected, i.file_errors, i.created_at, i.started_at, i.finished_at`

func scanImport(row pgx.Row) (store.Import, error) {
	var im store.Import
	var acct int64
	var fileErrs string
	if err := row.Scan(&im.ID, &im.PublicID, &acct, &im.State, &im.Reason, &im.Files, &im.Bytes, &im.Chunks, &im.HandsExpected, &fileErrs, &im.CreatedAt, &im.StartedAt, &im.FinishedAt); err != nil {
		return im, err
	}
	im.Account = account.ID(acct)
	json.Unmarshal([]byte(fileErrs), &im.Errors)
	return im, nil
}

// sumsSQL are the columns of an import's sums over its chunks (c) and
// its analysis parts, and its first errors (store.ScanChunkSums), for the
// import whose id is the SQL id, at most maxErrs chunks' errors: summed by
// the database, in one row per import, rather than each chunk's row and
// JSON read and summed here on every read.
func sumsSQL(id, maxErrs string) string {
	return strings.NewReplacer("{id}", id, "{max}", maxErrs).Replace(store.ChunkSumsSQL + `,
       (SELECT coalesce(jsonb_object_agg(r, n), '{}')::text FROM (
          SELECT s.key AS r, sum(s.value::bigint) AS n FROM import_chunks c2, jsonb_each_text(c2.skipped) s
          WHERE c2.import_id = {id} AND c2.skipped <> '{}' GROUP BY s.key) k),
       (SELECT coalesce(jsonb_agg(e ORDER BY chunk), '[]')::text FROM (
          SELECT chunk, errors AS e FROM import_chunks WHERE import_id = {id} AND errors <> '[]' ORDER BY chunk LIMIT {max}) x),
       (SELECT json_build_array(coalesce(sum(hands), 0), coalesce(sum(analysed), 0), coalesce(sum(failed), 0),
          coalesce(sum(hands) FILTER (WHERE state = 'queued'), 0),
          coalesce(extract(epoch FROM max(finished_at) - min(created_at)), 0),
          coalesce(extract(epoch FROM max(finished_at)), 0))::text
        FROM import_analyses WHERE import_id = {id})`)
}

// sums sets im's sums (sumsSQL).
func sums(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, im *store.Import) error {
	return store.ScanChunkSums(q.QueryRow(ctx, `SELECT `+sumsSQL("$1", "$2")+`
FROM import_chunks c WHERE c.import_id = $1`, im.ID, store.MaxImportErrors), im)
}

// Import implements store.Imports.
func (s *Store) Import(ctx context.Context, acct account.ID, publicID string) (store.Import, error) {
	if !store.ValidPublicID(publicID) {
		return store.Import{}, store.ImportNotFound(publicID)
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	im, err := scanImport(s.pool.QueryRow(ctx, `SELECT `+importColumns+` FROM imports WHERE public_id = $1 AND account_id = $2 AND state <> 'uploading'`, publicID, int64(acct)))
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Import{}, store.ImportNotFound(publicID)
	}
	if err == nil {
		err = sums(ctx, s.pool, &im)
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
		err := s.pool.QueryRow(ctx, `SELECT id FROM imports WHERE public_id = $1 AND account_id = $2`, pub, int64(acct)).Scan(&after)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, "", store.BadImportCursor(cursor)
		}
		if err != nil {
			return nil, "", wrap(ctx, err, "list imports")
		}
	}
	// The page and every import's sums in one query (one aggregate per
	// import, not one round trip each).
	rows, err := s.pool.Query(ctx, `SELECT `+pageColumns+`, `+sumsSQL("i.id", "$4")+`
FROM (SELECT `+importColumns+` FROM imports
      WHERE account_id = $1 AND id < $2 AND state <> 'uploading' ORDER BY id DESC LIMIT $3) i
LEFT JOIN import_chunks c ON c.import_id = i.id
GROUP BY `+pageColumns+` ORDER BY i.id DESC`, int64(acct), after, limit+1, store.MaxImportErrors)
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
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	err := store.Retry(ctx, retryable, func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			var id int64
			var state string
			err := tx.QueryRow(ctx, `SELECT id, state FROM imports WHERE public_id = $1 AND account_id = $2 AND state <> 'uploading' FOR UPDATE`, publicID, int64(acct)).Scan(&id, &state)
			if err != nil {
				return err
			}
			if state == store.ImportDone {
				// Stored, maybe analysing: its queued analyses are cancelled,
				// and then so is the import.
				tag, err := tx.Exec(ctx, `UPDATE import_analyses SET state = 'cancelled', finished_at = now() WHERE import_id = $1 AND state = 'queued'`, id)
				if err != nil || tag.RowsAffected() == 0 {
					return err
				}
				_, err = tx.Exec(ctx, `UPDATE imports SET state = 'cancelled' WHERE id = $1`, id)
				return err
			}
			if state != store.ImportQueued && state != store.ImportRunning {
				return nil
			}
			if _, err := tx.Exec(ctx, `UPDATE import_chunks SET state = 'cancelled', finished_at = now() WHERE import_id = $1 AND state = 'queued'`, id); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE import_analyses SET state = 'cancelled', finished_at = now() WHERE import_id = $1 AND state = 'queued'`, id); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM import_parts p USING import_chunks c
WHERE p.import_id = $1 AND c.import_id = p.import_id AND c.chunk = p.chunk AND c.state = 'cancelled'`, id); err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `UPDATE imports SET state = 'cancelled',
  finished_at = CASE WHEN EXISTS (SELECT 1 FROM import_chunks WHERE import_id = $1 AND state = 'running') THEN NULL ELSE now() END
WHERE id = $1`, id)
			return err
		})
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Import{}, store.ImportNotFound(publicID)
	}
	if err != nil {
		return store.Import{}, wrap(ctx, err, "cancel import")
	}
	return s.Import(ctx, acct, publicID)
}

// StartImportChunk implements store.Imports.
func (s *Store) StartImportChunk(ctx context.Context, id int64, chunk int) (store.ChunkWork, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var w store.ChunkWork
	err := store.Retry(ctx, retryable, func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			var acct int64
			var started *time.Time
			// The import's row first, as every writer of an import's chunks
			// takes it (finish, cancel): no two of them wait on each other.
			if _, err := tx.Exec(ctx, `SELECT 1 FROM imports WHERE id = $1 FOR UPDATE`, id); err != nil {
				return err
			}
			err := tx.QueryRow(ctx, `
SELECT i.account_id, i.state, c.state, c.attempts, c.started_at, c.file_name, c.format, c.first_line, c.first_hand, c.hands, c.bytes
FROM import_chunks c JOIN imports i ON i.id = c.import_id
WHERE c.import_id = $1 AND c.chunk = $2 FOR UPDATE OF c`, id, chunk).Scan(
				&acct, &w.ImportState, &w.State, &w.Attempts, &started, &w.File, &w.Format, &w.FirstLine, &w.FirstHand, &w.Hands, &w.Bytes)
			if err != nil {
				return err
			}
			w.Chunk, w.Account = chunk, account.ID(acct)
			if started != nil {
				w.StartedAt = *started
			}
			if store.ChunkFinished(w.State) || w.ImportState == store.ImportCancelled {
				return nil
			}
			if err := tx.QueryRow(ctx, `UPDATE import_chunks SET state = 'running', attempts = attempts + 1, started_at = coalesce(started_at, now())
WHERE import_id = $1 AND chunk = $2 RETURNING attempts, started_at`, id, chunk).Scan(&w.Attempts, &w.StartedAt); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE imports SET state = 'running', started_at = coalesce(started_at, now()) WHERE id = $1 AND state = 'queued'`, id); err != nil {
				return err
			}
			rows, err := tx.Query(ctx, `SELECT data FROM import_parts WHERE import_id = $1 AND chunk = $2 ORDER BY part`, id, chunk)
			if err != nil {
				return err
			}
			w.Data = make([]byte, 0, w.Bytes)
			var part []byte
			_, err = pgx.ForEachRow(rows, []any{&part}, func() error {
				w.Data = append(w.Data, part...)
				return nil
			})
			return err
		})
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ChunkWork{}, store.ImportNotFound("chunk")
	}
	if err != nil {
		return store.ChunkWork{}, wrap(ctx, err, "start import chunk")
	}
	return w, nil
}

// FinishImportChunk implements store.Imports.
func (s *Store) FinishImportChunk(ctx context.Context, id int64, chunk int, r store.ChunkResult) error {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	skipped, errs := store.EncodeSkipped(r.Counts.Skipped), store.EncodeImportErrors(r.Errors)
	c := r.Counts
	err := store.Retry(ctx, retryable, func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			// The import's row first: every finisher of the same import locks
			// it before its chunk, so the last one sees every other result.
			if _, err := tx.Exec(ctx, `SELECT 1 FROM imports WHERE id = $1 FOR UPDATE`, id); err != nil {
				return err
			}
			tag, err := tx.Exec(ctx, `
UPDATE import_chunks SET state = $3, read = $4, stored = $5, duplicates = $6, conflicts = $7, legal = $8, illegal = $9,
  unreadable = $10, analysed = $11, skipped = $12::jsonb, errors = $13::jsonb, finished_at = now()
WHERE import_id = $1 AND chunk = $2 AND state NOT IN ('done', 'failed', 'cancelled')`,
				id, chunk, r.State, c.Read, c.Stored, c.Duplicates, c.Conflicts, c.Legal, c.Illegal, c.Unreadable, c.Analysed, skipped, errs)
			if err != nil || tag.RowsAffected() == 0 {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM import_parts WHERE import_id = $1 AND chunk = $2`, id, chunk); err != nil {
				return err
			}
			return finishImport(ctx, tx, id)
		})
	})
	if err != nil {
		return wrap(ctx, err, "finish import chunk")
	}
	return nil
}

// WaitingImportJobs implements store.Imports: on River's index of its
// jobs' arguments (containment).
func (s *Store) WaitingImportJobs(ctx context.Context, kind string, id int64) ([]int64, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT id FROM river_job
WHERE kind = $1 AND args @> jsonb_build_object('import', $2::bigint)
  AND state IN ('available', 'scheduled', 'retryable', 'pending')
ORDER BY id LIMIT $3`, kind, id, store.MaxLimit)
	if err != nil {
		return nil, wrap(ctx, err, "list waiting jobs")
	}
	var out []int64
	var job int64
	if _, err := pgx.ForEachRow(rows, []any{&job}, func() error {
		out = append(out, job)
		return nil
	}); err != nil {
		return nil, wrap(ctx, err, "list waiting jobs")
	}
	return out, nil
}

// ImportJobCounts implements store.Imports.
func (s *Store) ImportJobCounts(ctx context.Context, kind string) (map[string]int64, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT state::text, count(*) FROM river_job WHERE kind = $1 GROUP BY state`, kind)
	if err != nil {
		return nil, wrap(ctx, err, "count jobs")
	}
	out := map[string]int64{}
	var st string
	var n int64
	if _, err := pgx.ForEachRow(rows, []any{&st, &n}, func() error { out[st] = n; return nil }); err != nil {
		return nil, wrap(ctx, err, "count jobs")
	}
	return out, nil
}

// finishImport ends import id when none of its chunks is queued or
// running: cancelled stays cancelled, else failed when a chunk failed
// (the first failed chunk's last error is the reason), else done.
//
// It locks the import's row first, in a statement of its own: under READ
// COMMITTED the check that follows then reads a snapshot taken after any
// other transaction that changed a chunk of the same import and held the
// lock has committed. Without it, a chunk finishing while the
// reconciliation failed its neighbour each saw the other's chunk still
// open, and neither ended the import (it stayed "running" for ever).
func finishImport(ctx context.Context, tx pgx.Tx, id int64) error {
	if _, err := tx.Exec(ctx, `SELECT 1 FROM imports WHERE id = $1 FOR UPDATE`, id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `
UPDATE imports i SET
  state = CASE WHEN i.state = 'cancelled' THEN 'cancelled'
               WHEN EXISTS (SELECT 1 FROM import_chunks WHERE import_id = i.id AND state = 'failed') THEN 'failed'
               ELSE 'done' END,
  reason = CASE WHEN i.reason = '' THEN coalesce((SELECT errors->-1->>'message' FROM import_chunks
               WHERE import_id = i.id AND state = 'failed' ORDER BY chunk LIMIT 1), '') ELSE i.reason END,
  finished_at = now()
WHERE i.id = $1 AND i.finished_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM import_chunks WHERE import_id = i.id AND state IN ('queued', 'running'))`, id)
	if err == nil && testHookFinishChecked != nil {
		testHookFinishChecked(id)
	}
	return err
}

// testHookFinishChecked, when set by a test, runs in finishImport's
// transaction after its check and before the commit.
var testHookFinishChecked func(id int64)

// ReconcileImportChunks implements store.Imports.
func (s *Store) ReconcileImportChunks(ctx context.Context, kind, message string) (int, error) {
	errs := store.EncodeImportErrors([]store.ImportError{{Message: message}})
	return store.InBatches(func() (int, error) { return s.reconcileBatch(ctx, kind, errs) })
}

// reconcileBatch fails at most store.ReconcileBatch chunks of
// ReconcileImportChunks in one transaction and returns how many.
func (s *Store) reconcileBatch(ctx context.Context, kind, errs string) (int, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	n := 0
	err := store.Retry(ctx, retryable, func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `
UPDATE import_chunks c SET state = 'failed', errors = $2::jsonb, finished_at = now()
WHERE c.ctid IN (
  SELECT c2.ctid FROM import_chunks c2 JOIN river_job j
    ON c2.import_id = (j.args->>'import')::bigint AND c2.chunk = (j.args->>'chunk')::int
  WHERE j.kind = $1 AND j.state = 'discarded' AND c2.state IN ('queued', 'running')
  LIMIT $3 FOR UPDATE OF c2 SKIP LOCKED)
RETURNING c.import_id, c.chunk`, kind, errs, store.ReconcileBatch)
			if err != nil {
				return err
			}
			var ids []int64
			var chunks []int32
			var id int64
			var chunk int32
			if _, err := pgx.ForEachRow(rows, []any{&id, &chunk}, func() error {
				ids, chunks = append(ids, id), append(chunks, chunk)
				return nil
			}); err != nil {
				return err
			}
			// A failed chunk's bytes are read by no one any more.
			if _, err := tx.Exec(ctx, `DELETE FROM import_parts p USING unnest($1::bigint[], $2::int[]) AS t(i, c)
WHERE p.import_id = t.i AND p.chunk = t.c`, ids, chunks); err != nil {
				return err
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
	})
	if err != nil {
		return 0, wrap(ctx, err, "reconcile import chunks")
	}
	return n, nil
}

// AddImportAnalyses implements store.Imports: the import's row is read
// FOR SHARE first, so that a cancellation (which takes it FOR UPDATE and
// cancels the queued parts) comes wholly before or after.
func (s *Store) AddImportAnalyses(ctx context.Context, id int64, chunk int, hands []int) (bool, error) {
	if len(hands) == 0 {
		return true, nil
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	live := false
	err := store.Retry(ctx, retryable, func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			var state string
			err := tx.QueryRow(ctx, `SELECT state FROM imports WHERE id = $1 FOR SHARE`, id).Scan(&state)
			if errors.Is(err, pgx.ErrNoRows) {
				return nil // gone: nothing to analyse
			}
			if err != nil {
				return err
			}
			if live = state != store.ImportCancelled; !live {
				return nil
			}
			_, err = tx.Exec(ctx, `
INSERT INTO import_analyses (import_id, chunk, part, hands)
SELECT $1, $2, p - 1, h FROM unnest($3::int[]) WITH ORDINALITY AS t(h, p)
ON CONFLICT DO NOTHING`, id, chunk, hands)
			return err
		})
	})
	if err != nil {
		return false, wrap(ctx, err, "add import analyses")
	}
	return live, nil
}

// ImportAnalysisState implements store.Imports.
func (s *Store) ImportAnalysisState(ctx context.Context, id int64, chunk, part int) (string, string, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var imp, st string
	err := s.pool.QueryRow(ctx, `SELECT i.state, a.state FROM imports i JOIN import_analyses a ON a.import_id = i.id
WHERE i.id = $1 AND a.chunk = $2 AND a.part = $3`, id, chunk, part).Scan(&imp, &st)
	if errors.Is(err, pgx.ErrNoRows) {
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
  analysed = $4, failed = $5, finished_at = coalesce(finished_at, now())
WHERE import_id = $1 AND chunk = $2 AND part = $3
  AND (state = 'queued' OR (state = 'cancelled' AND analysed = 0 AND failed = 0))`, id, chunk, part, analysed, failed)
	return err
}

// CancelImportAnalysis implements store.Imports.
func (s *Store) CancelImportAnalysis(ctx context.Context, id int64, chunk, part int) error {
	_, err := s.exec(ctx, "cancel import analysis", `
UPDATE import_analyses SET state = 'cancelled', finished_at = now()
WHERE import_id = $1 AND chunk = $2 AND part = $3 AND state = 'queued'`, id, chunk, part)
	return err
}

// HeldImports implements store.Imports: one query on the imports'
// primary key.
func (s *Store) HeldImports(ctx context.Context, ids []int64) (map[int64]bool, error) {
	held := map[int64]bool{}
	if len(ids) == 0 {
		return held, nil
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT id FROM imports i
WHERE id = ANY($1) AND (state IN ('queued', 'running', 'cancelled')
  OR EXISTS (SELECT 1 FROM import_analyses a WHERE a.import_id = i.id AND a.state = 'queued'))`, ids)
	if err != nil {
		return nil, wrap(ctx, err, "read held imports")
	}
	var id int64
	if _, err := pgx.ForEachRow(rows, []any{&id}, func() error {
		held[id] = true
		return nil
	}); err != nil {
		return nil, wrap(ctx, err, "read held imports")
	}
	return held, nil
}
