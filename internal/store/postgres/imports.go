package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
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

const importColumns = `id, public_id, account_id, state, reason, files, bytes, chunks, hands_expected, file_errors::text, created_at, started_at, finished_at`

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

// sums sets im's sums over its chunks and its first errors
// (store.ScanChunkSums): summed by the database, in one row, rather than
// each chunk's row and JSON read and summed here on every read of the
// import.
func sums(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, im *store.Import) error {
	return store.ScanChunkSums(q.QueryRow(ctx, `
SELECT count(*) FILTER (WHERE state IN ('done', 'failed', 'cancelled')), count(*) FILTER (WHERE state = 'failed'),
       coalesce(sum(hands) FILTER (WHERE state IN ('done', 'failed', 'cancelled')), 0),
       coalesce(sum(read), 0), coalesce(sum(stored), 0), coalesce(sum(duplicates), 0), coalesce(sum(conflicts), 0),
       coalesce(sum(legal), 0), coalesce(sum(illegal), 0), coalesce(sum(unreadable), 0), coalesce(sum(analysed), 0),
       (SELECT coalesce(jsonb_object_agg(r, n), '{}')::text FROM (
          SELECT s.key AS r, sum(s.value::bigint) AS n FROM import_chunks c, jsonb_each_text(c.skipped) s
          WHERE c.import_id = $1 AND c.skipped <> '{}' GROUP BY s.key) k),
       (SELECT coalesce(jsonb_agg(e ORDER BY chunk), '[]')::text FROM (
          SELECT chunk, errors AS e FROM import_chunks WHERE import_id = $1 AND errors <> '[]' ORDER BY chunk LIMIT $2) x)
FROM import_chunks WHERE import_id = $1`, im.ID, store.MaxImportErrors), im)
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
	rows, err := s.pool.Query(ctx, `SELECT `+importColumns+` FROM imports
WHERE account_id = $1 AND id < $2 AND state <> 'uploading' ORDER BY id DESC LIMIT $3`, int64(acct), after, limit+1)
	if err != nil {
		return nil, "", wrap(ctx, err, "list imports")
	}
	var out []store.Import
	for rows.Next() {
		im, err := scanImport(rows)
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
	for i := range out {
		if err := sums(ctx, s.pool, &out[i]); err != nil {
			return nil, "", wrap(ctx, err, "list imports")
		}
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
			if state != store.ImportQueued && state != store.ImportRunning {
				return nil
			}
			if _, err := tx.Exec(ctx, `UPDATE import_chunks SET state = 'cancelled', finished_at = now() WHERE import_id = $1 AND state = 'queued'`, id); err != nil {
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
func finishImport(ctx context.Context, tx pgx.Tx, id int64) error {
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
	return err
}

// ReconcileImportChunks implements store.Imports.
func (s *Store) ReconcileImportChunks(ctx context.Context, kind, message string) (int, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	errs := store.EncodeImportErrors([]store.ImportError{{Message: message}})
	n := 0
	err := store.Retry(ctx, retryable, func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `
UPDATE import_chunks c SET state = 'failed', errors = $2::jsonb, finished_at = now()
FROM river_job j
WHERE j.kind = $1 AND j.state = 'discarded' AND c.state IN ('queued', 'running')
  AND c.import_id = (j.args->>'import')::bigint AND c.chunk = (j.args->>'chunk')::int
RETURNING c.import_id, c.chunk`, kind, errs)
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
