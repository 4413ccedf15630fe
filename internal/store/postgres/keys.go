package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// CreateKey implements store.Keys: the account and the key in one
// transaction.
func (s *Store) CreateKey(ctx context.Context, accountName string, k store.APIKey) (account.ID, error) {
	if accountName == "" {
		accountName = store.DefaultAccount
	}
	if err := store.CheckNewKey(accountName, k); err != nil {
		return 0, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var id account.ID
	var revoked bool
	err := store.Retry(ctx, retryable, func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if err := tx.QueryRow(ctx, `
WITH ins AS (INSERT INTO accounts (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING id, false)
SELECT * FROM ins UNION ALL SELECT id, revoked_at IS NOT NULL FROM accounts WHERE name = $1`, accountName).Scan(&id, &revoked); err != nil {
				return err
			}
			if revoked {
				return nil
			}
			_, err := tx.Exec(ctx, `INSERT INTO api_keys (account_id, name, prefix, hash, scopes) VALUES ($1, $2, $3, $4, $5)`,
				id, k.Name, k.Prefix, k.Hash, k.Scopes)
			return err
		})
	})
	if err != nil {
		return 0, wrap(ctx, err, "create API key")
	}
	if revoked {
		return 0, fault.Field(fault.Invalid, "account", "account %q is revoked", accountName)
	}
	return id, nil
}

const keyColumns = `k.prefix, k.name, a.name, k.account_id, k.scopes, k.created_at, k.last_used_at, k.revoked_at, a.revoked_at IS NOT NULL`

func keyFields(k *store.APIKey) []any {
	return []any{&k.Prefix, &k.Name, &k.Account, &k.AccountID, &k.Scopes, &k.CreatedAt, &k.LastUsedAt, &k.RevokedAt, &k.AccountRevoked}
}

// KeyByPrefix implements store.Keys.
func (s *Store) KeyByPrefix(ctx context.Context, prefix string) (store.APIKey, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var k store.APIKey
	err := s.pool.QueryRow(ctx, `SELECT `+keyColumns+`, k.hash FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.prefix = $1`, prefix).
		Scan(append(keyFields(&k), &k.Hash)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.APIKey{}, store.NoKey(prefix)
	}
	if err != nil {
		return store.APIKey{}, wrap(ctx, err, "read API key")
	}
	return k, nil
}

// TouchKey implements store.Keys.
func (s *Store) TouchKey(ctx context.Context, prefix string) error {
	_, err := s.exec(ctx, "record API key use", `UPDATE api_keys SET last_used_at = now() WHERE prefix = $1`, prefix)
	return err
}

// ListKeys implements store.Keys: one keyset page.
func (s *Store) ListKeys(ctx context.Context, after string, limit int) ([]store.APIKey, error) {
	limit = store.PageLimit(limit)
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	from := int64(0)
	if after != "" {
		err := s.pool.QueryRow(ctx, `SELECT id FROM api_keys WHERE prefix = $1`, after).Scan(&from)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, store.NoKey(after)
		}
		if err != nil {
			return nil, wrap(ctx, err, "list API keys")
		}
	}
	rows, err := s.pool.Query(ctx, `SELECT `+keyColumns+` FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.id > $1 ORDER BY k.id LIMIT $2`, from, limit)
	if err != nil {
		return nil, wrap(ctx, err, "list API keys")
	}
	var out []store.APIKey
	var k store.APIKey
	if _, err := pgx.ForEachRow(rows, keyFields(&k), func() error {
		out = append(out, k)
		return nil
	}); err != nil {
		return nil, wrap(ctx, err, "list API keys")
	}
	return out, nil
}

// CreateKeyNewAccount implements store.Keys: the account's insert is the
// check (its name is unique), in the key's transaction.
func (s *Store) CreateKeyNewAccount(ctx context.Context, accountName string, k store.APIKey) (account.ID, error) {
	if err := store.CheckNewKey(accountName, k); err != nil {
		return 0, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var id account.ID
	exists := false
	err := store.Retry(ctx, retryable, func() error {
		exists = false
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			err := tx.QueryRow(ctx, `INSERT INTO accounts (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING id`, accountName).Scan(&id)
			if errors.Is(err, pgx.ErrNoRows) {
				exists = true
				return nil
			}
			if err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `INSERT INTO api_keys (account_id, name, prefix, hash, scopes) VALUES ($1, $2, $3, $4, $5)`,
				id, k.Name, k.Prefix, k.Hash, k.Scopes)
			return err
		})
	})
	if err != nil {
		return 0, wrap(ctx, err, "create API key")
	}
	if exists {
		return 0, store.AccountExists(accountName)
	}
	return id, nil
}

// firstKeyLock is the advisory lock CreateFirstKey holds: replicas
// starting together take turns, and the second sees the first's key.
const firstKeyLock = 0x5c00b0001

// CreateFirstKey implements store.Keys.
func (s *Store) CreateFirstKey(ctx context.Context, k store.APIKey) (bool, error) {
	if err := store.CheckNewKey(store.DefaultAccount, k); err != nil {
		return false, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	created := false
	err := store.Retry(ctx, retryable, func() error {
		created = false
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(firstKeyLock)); err != nil {
				return err
			}
			tag, err := tx.Exec(ctx, `
INSERT INTO api_keys (account_id, name, prefix, hash, scopes)
SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM api_keys)`, int64(account.Default), k.Name, k.Prefix, k.Hash, k.Scopes)
			created = err == nil && tag.RowsAffected() == 1
			return err
		})
	})
	if err != nil {
		return false, wrap(ctx, err, "create the first API key")
	}
	return created, nil
}

// exec runs one statement under the store's deadline and returns the
// rows it changed.
func (s *Store) exec(ctx context.Context, doing, query string, args ...any) (int64, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	tag, err := s.pool.Exec(ctx, query, args...)
	if err != nil {
		return 0, wrap(ctx, err, doing)
	}
	return tag.RowsAffected(), nil
}

// RevokeKey implements store.Keys.
func (s *Store) RevokeKey(ctx context.Context, prefix string) error {
	n, err := s.exec(ctx, "revoke API key", `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE prefix = $1`, prefix)
	if err != nil {
		return err
	}
	if n == 0 {
		return store.NoKey(prefix)
	}
	return nil
}

// RevokeAccount implements store.Keys.
func (s *Store) RevokeAccount(ctx context.Context, name string) error {
	if err := store.CheckText("account", name); err != nil {
		return err
	}
	n, err := s.exec(ctx, "revoke account", `UPDATE accounts SET revoked_at = coalesce(revoked_at, now()) WHERE name = $1`, name)
	if err != nil {
		return err
	}
	if n == 0 {
		return fault.New(fault.NotFound, "no account named %q", name)
	}
	return nil
}

// LiveKeys implements store.Keys.
func (s *Store) LiveKeys(ctx context.Context) (int, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var n int
	if err := s.pool.QueryRow(ctx, `
SELECT count(*) FROM api_keys k JOIN accounts a ON a.id = k.account_id
WHERE k.revoked_at IS NULL AND a.revoked_at IS NULL`).Scan(&n); err != nil {
		return 0, wrap(ctx, err, "count API keys")
	}
	return n, nil
}

// AccountID implements store.Keys.
func (s *Store) AccountID(ctx context.Context, name string) (account.ID, error) {
	if err := store.CheckText("account", name); err != nil {
		return 0, err
	}
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var id account.ID
	err := s.pool.QueryRow(ctx, `SELECT id FROM accounts WHERE name = $1`, name).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, store.NoAccount(name)
	}
	if err != nil {
		return 0, wrap(ctx, err, "read account")
	}
	return id, nil
}
