package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/store"
)

// CreateSession implements store.Sessions.
func (s *Store) CreateSession(ctx context.Context, sn store.Session) error {
	if err := store.CheckNewSession(sn); err != nil {
		return err
	}
	n, err := s.exec(ctx, "create session", `
INSERT INTO sessions (hash, key_id, expires_at)
SELECT $1, k.id, $3 FROM api_keys k JOIN accounts a ON a.id = k.account_id
WHERE k.prefix = $2 AND k.revoked_at IS NULL AND a.revoked_at IS NULL`, sn.Hash, sn.KeyPrefix, sn.ExpiresAt)
	if err != nil {
		return err
	}
	if n == 0 {
		return store.NoKey(sn.KeyPrefix)
	}
	return nil
}

// SessionByHash implements store.Sessions: the session, its key and the
// key's account in one indexed read.
func (s *Store) SessionByHash(ctx context.Context, hash []byte) (store.Session, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var sn store.Session
	dest := append([]any{&sn.Hash, &sn.CreatedAt, &sn.LastSeenAt, &sn.ExpiresAt, &sn.RevokedAt}, keyFields(&sn.Key)...)
	err := s.pool.QueryRow(ctx, `SELECT s.hash, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at, `+keyColumns+`
FROM sessions s JOIN api_keys k ON k.id = s.key_id JOIN accounts a ON a.id = k.account_id WHERE s.hash = $1`, hash).Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Session{}, store.NoSession()
	}
	if err != nil {
		return store.Session{}, wrap(ctx, err, "read session")
	}
	sn.KeyPrefix = sn.Key.Prefix
	return sn, nil
}

// TouchSession implements store.Sessions.
func (s *Store) TouchSession(ctx context.Context, hash []byte) error {
	_, err := s.exec(ctx, "record session use", `UPDATE sessions SET last_seen_at = now() WHERE hash = $1`, hash)
	return err
}

// RevokeSession implements store.Sessions.
func (s *Store) RevokeSession(ctx context.Context, hash []byte) error {
	n, err := s.exec(ctx, "revoke session", `UPDATE sessions SET revoked_at = coalesce(revoked_at, now()) WHERE hash = $1`, hash)
	if err != nil {
		return err
	}
	if n == 0 {
		return store.NoSession()
	}
	return nil
}

const shareColumns = `l.public_id, l.hash, h.public_id, l.account_id, l.created_at, l.expires_at, l.revoked_at`

func shareFields(sh *store.Share) []any {
	return []any{&sh.ID, &sh.Hash, &sh.HandID, &sh.AccountID, &sh.CreatedAt, &sh.ExpiresAt, &sh.RevokedAt}
}

// CreateShare implements store.Sessions.
func (s *Store) CreateShare(ctx context.Context, sh store.Share) (store.Share, error) {
	if err := store.CheckNewShare(sh); err != nil {
		return store.Share{}, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	acct := account.From(ctx)
	sh.ID, sh.AccountID = store.NewPublicID(), acct
	err := s.pool.QueryRow(ctx, `
INSERT INTO share_links (public_id, hash, account_id, hand_id, expires_at)
SELECT $1, $2, $3, h.id, $5 FROM hands h WHERE h.public_id = $4 AND h.account_id = $3
RETURNING created_at`, sh.ID, sh.Hash, int64(acct), sh.HandID, sh.ExpiresAt).Scan(&sh.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Share{}, store.NoHand(sh.HandID)
	}
	if err != nil {
		return store.Share{}, wrap(ctx, err, "create share link")
	}
	return sh, nil
}

// ShareByHash implements store.Sessions.
func (s *Store) ShareByHash(ctx context.Context, hash []byte) (store.Share, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var sh store.Share
	err := s.pool.QueryRow(ctx, `SELECT `+shareColumns+` FROM share_links l JOIN hands h ON h.id = l.hand_id WHERE l.hash = $1`, hash).Scan(shareFields(&sh)...)
	if errors.Is(err, pgx.ErrNoRows) {
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
		err := s.pool.QueryRow(ctx, `SELECT id FROM share_links WHERE public_id = $1 AND account_id = $2`, pub, acct).Scan(&after)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.SharesPage{}, store.BadCursor(q.Cursor)
		}
		if err != nil {
			return store.SharesPage{}, wrap(ctx, err, "list share links")
		}
	}
	rows, err := s.pool.Query(ctx, `SELECT `+shareColumns+` FROM share_links l JOIN hands h ON h.id = l.hand_id
WHERE l.account_id = $1 AND l.id < $2 ORDER BY l.id DESC LIMIT $3`, acct, after, limit+1)
	if err != nil {
		return store.SharesPage{}, wrap(ctx, err, "list share links")
	}
	var page store.SharesPage
	var sh store.Share
	if _, err := pgx.ForEachRow(rows, shareFields(&sh), func() error {
		page.Shares = append(page.Shares, sh)
		return nil
	}); err != nil {
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
	n, err := s.exec(ctx, "revoke share link", `UPDATE share_links SET revoked_at = coalesce(revoked_at, now()) WHERE public_id = $1 AND account_id = $2`,
		id, int64(account.From(ctx)))
	if err != nil {
		return err
	}
	if n == 0 {
		return store.NoShare(id)
	}
	return nil
}
