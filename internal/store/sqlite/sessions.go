package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/store"
)

// sqlTime is how a time from Go is written: as strftime writes now.
func sqlTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// CreateSession implements store.Sessions.
func (s *Store) CreateSession(ctx context.Context, sn store.Session) error {
	if err := store.CheckNewSession(sn); err != nil {
		return err
	}
	n, err := s.exec(ctx, "create session", `
INSERT INTO sessions (hash, key_id, expires_at)
SELECT ?, k.id, ? FROM api_keys k JOIN accounts a ON a.id = k.account_id
WHERE k.prefix = ? AND k.revoked_at IS NULL AND a.revoked_at IS NULL`, sn.Hash, sqlTime(sn.ExpiresAt), sn.KeyPrefix)
	if err != nil {
		return err
	}
	if n == 0 {
		return store.NoKey(sn.KeyPrefix)
	}
	return nil
}

// SessionByHash implements store.Sessions.
func (s *Store) SessionByHash(ctx context.Context, hash []byte) (store.Session, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var sn store.Session
	var created, seen, expires string
	var revoked sql.NullString
	row := s.db.QueryRowContext(ctx, `SELECT `+keyColumns+`, s.hash, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at
FROM sessions s JOIN api_keys k ON k.id = s.key_id JOIN accounts a ON a.id = k.account_id WHERE s.hash = ?`, hash)
	err := scanKey(scanFunc(func(dest ...any) error {
		return row.Scan(append(dest, &sn.Hash, &created, &seen, &expires, &revoked)...)
	}), &sn.Key, false)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Session{}, store.NoSession()
	}
	if err == nil {
		if sn.CreatedAt, err = parseTime(created); err == nil {
			if sn.LastSeenAt, err = parseTime(seen); err == nil {
				if sn.ExpiresAt, err = parseTime(expires); err == nil {
					sn.RevokedAt, err = parseNullTime(revoked)
				}
			}
		}
	}
	if err != nil {
		return store.Session{}, wrap(ctx, err, "read session")
	}
	sn.KeyPrefix = sn.Key.Prefix
	return sn, nil
}

// scanFunc is a Scan method as a value.
type scanFunc func(dest ...any) error

func (f scanFunc) Scan(dest ...any) error { return f(dest...) }

// TouchSession implements store.Sessions.
func (s *Store) TouchSession(ctx context.Context, hash []byte) error {
	_, err := s.exec(ctx, "record session use", `UPDATE sessions SET last_seen_at = `+now+` WHERE hash = ?`, hash)
	return err
}

// RevokeSession implements store.Sessions.
func (s *Store) RevokeSession(ctx context.Context, hash []byte) error {
	n, err := s.exec(ctx, "revoke session", `UPDATE sessions SET revoked_at = coalesce(revoked_at, `+now+`) WHERE hash = ?`, hash)
	if err != nil {
		return err
	}
	if n == 0 {
		return store.NoSession()
	}
	return nil
}

const shareColumns = `l.public_id, l.hash, h.public_id, l.account_id, l.created_at, l.expires_at, l.revoked_at`

func scanShare(row interface{ Scan(...any) error }, sh *store.Share) error {
	var created string
	var expires, revoked sql.NullString
	if err := row.Scan(&sh.ID, &sh.Hash, &sh.HandID, &sh.AccountID, &created, &expires, &revoked); err != nil {
		return err
	}
	var err error
	if sh.CreatedAt, err = parseTime(created); err != nil {
		return err
	}
	if sh.ExpiresAt, err = parseNullTime(expires); err != nil {
		return err
	}
	sh.RevokedAt, err = parseNullTime(revoked)
	return err
}

// CreateShare implements store.Sessions.
func (s *Store) CreateShare(ctx context.Context, sh store.Share) (store.Share, error) {
	if err := store.CheckNewShare(sh); err != nil {
		return store.Share{}, err
	}
	acct := account.From(ctx)
	sh.ID, sh.AccountID = store.NewPublicID(), acct
	var expires any
	if sh.ExpiresAt != nil {
		expires = sqlTime(*sh.ExpiresAt)
	}
	n, err := s.exec(ctx, "create share link", `
INSERT INTO share_links (public_id, hash, account_id, hand_id, expires_at)
SELECT ?, ?, ?, h.id, ? FROM hands h WHERE h.public_id = ? AND h.account_id = ?`,
		sh.ID, sh.Hash, int64(acct), expires, sh.HandID, int64(acct))
	if err != nil {
		return store.Share{}, err
	}
	if n == 0 {
		return store.Share{}, store.NoHand(sh.HandID)
	}
	return s.ShareByHash(ctx, sh.Hash)
}

// ShareByHash implements store.Sessions.
func (s *Store) ShareByHash(ctx context.Context, hash []byte) (store.Share, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var sh store.Share
	err := scanShare(s.db.QueryRowContext(ctx, `SELECT `+shareColumns+` FROM share_links l JOIN hands h ON h.id = l.hand_id WHERE l.hash = ?`, hash), &sh)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Share{}, store.NoShare("")
	}
	if err != nil {
		return store.Share{}, wrap(ctx, err, "read share link")
	}
	return sh, nil
}

// Shares implements store.Sessions: one keyset page, LIMIT bounded.
func (s *Store) Shares(ctx context.Context, q store.SharesQuery) (store.SharesPage, error) {
	pub, err := store.DecodeShareCursor(q.Cursor)
	if err != nil {
		return store.SharesPage{}, err
	}
	limit := store.PageLimit(q.Limit)
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	acct := int64(account.From(ctx))
	after := int64(1<<63 - 1)
	if pub != "" {
		err := s.db.QueryRowContext(ctx, `SELECT id FROM share_links WHERE public_id = ? AND account_id = ?`, pub, acct).Scan(&after)
		if errors.Is(err, sql.ErrNoRows) {
			return store.SharesPage{}, store.BadCursor(q.Cursor)
		}
		if err != nil {
			return store.SharesPage{}, wrap(ctx, err, "list share links")
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+shareColumns+` FROM share_links l JOIN hands h ON h.id = l.hand_id
WHERE l.account_id = ? AND l.id < ? ORDER BY l.id DESC LIMIT ?`, acct, after, limit+1)
	if err != nil {
		return store.SharesPage{}, wrap(ctx, err, "list share links")
	}
	defer rows.Close()
	var page store.SharesPage
	for rows.Next() {
		var sh store.Share
		if err := scanShare(rows, &sh); err != nil {
			return store.SharesPage{}, wrap(ctx, err, "list share links")
		}
		page.Shares = append(page.Shares, sh)
	}
	if err := rows.Err(); err != nil {
		return store.SharesPage{}, wrap(ctx, err, "list share links")
	}
	if len(page.Shares) > limit {
		page.Shares = page.Shares[:limit]
		page.NextCursor = store.ShareCursor(page.Shares[limit-1].ID)
	}
	return page, nil
}

// RevokeShare implements store.Sessions.
func (s *Store) RevokeShare(ctx context.Context, id string) error {
	if !store.ValidPublicID(id) {
		return store.NoShare(id)
	}
	n, err := s.exec(ctx, "revoke share link", `UPDATE share_links SET revoked_at = coalesce(revoked_at, `+now+`) WHERE public_id = ? AND account_id = ?`,
		id, int64(account.From(ctx)))
	if err != nil {
		return err
	}
	if n == 0 {
		return store.NoShare(id)
	}
	return nil
}
