package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// CreateKey implements store.Keys: the account and the key in one
// transaction on the writer connection.
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
	var revoked sql.NullString
	err := store.Retry(ctx, busy, func() error {
		return s.tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO accounts (name) VALUES (?) ON CONFLICT (name) DO NOTHING`, accountName); err != nil {
				return err
			}
			if err := tx.QueryRowContext(ctx, `SELECT id, revoked_at FROM accounts WHERE name = ?`, accountName).Scan(&id, &revoked); err != nil {
				return err
			}
			if revoked.Valid {
				return nil
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO api_keys (account_id, name, prefix, hash, scopes) VALUES (?, ?, ?, ?, ?)`,
				id, k.Name, k.Prefix, k.Hash, k.Scopes)
			return err
		})
	})
	if err != nil {
		return 0, wrap(ctx, err, "create API key")
	}
	if revoked.Valid {
		return 0, fault.Field(fault.Invalid, "account", "account %q is revoked", accountName)
	}
	return id, nil
}

const keyColumns = `k.prefix, k.name, a.name, k.account_id, k.scopes, k.created_at, k.last_used_at, k.revoked_at, a.revoked_at IS NOT NULL`

// scanKey reads keyColumns (and the hash when hash is set) into k.
func scanKey(row interface{ Scan(...any) error }, k *store.APIKey, hash bool) error {
	var created string
	var used, revoked sql.NullString
	dest := []any{&k.Prefix, &k.Name, &k.Account, &k.AccountID, &k.Scopes, &created, &used, &revoked, &k.AccountRevoked}
	if hash {
		dest = append(dest, &k.Hash)
	}
	if err := row.Scan(dest...); err != nil {
		return err
	}
	var err error
	if k.CreatedAt, err = parseTime(created); err != nil {
		return err
	}
	if k.LastUsedAt, err = parseNullTime(used); err != nil {
		return err
	}
	k.RevokedAt, err = parseNullTime(revoked)
	return err
}

// KeyByPrefix implements store.Keys.
func (s *Store) KeyByPrefix(ctx context.Context, prefix string) (store.APIKey, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var k store.APIKey
	err := scanKey(s.db.QueryRowContext(ctx, `SELECT `+keyColumns+`, k.hash FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.prefix = ?`, prefix), &k, true)
	if errors.Is(err, sql.ErrNoRows) {
		return store.APIKey{}, store.NoKey(prefix)
	}
	if err != nil {
		return store.APIKey{}, wrap(ctx, err, "read API key")
	}
	return k, nil
}

const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`

// TouchKey implements store.Keys.
func (s *Store) TouchKey(ctx context.Context, prefix string) error {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	err := store.Retry(ctx, busy, func() error {
		_, err := s.w.ExecContext(ctx, `UPDATE api_keys SET last_used_at = `+now+` WHERE prefix = ?`, prefix)
		return err
	})
	if err != nil {
		return wrap(ctx, err, "record API key use")
	}
	return nil
}

// ListKeys implements store.Keys: one keyset page.
func (s *Store) ListKeys(ctx context.Context, after string, limit int) ([]store.APIKey, error) {
	limit = store.PageLimit(limit)
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	from := int64(0)
	if after != "" {
		err := s.db.QueryRowContext(ctx, `SELECT id FROM api_keys WHERE prefix = ?`, after).Scan(&from)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, store.NoKey(after)
		}
		if err != nil {
			return nil, wrap(ctx, err, "list API keys")
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+keyColumns+` FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.id > ? ORDER BY k.id LIMIT ?`, from, limit)
	if err != nil {
		return nil, wrap(ctx, err, "list API keys")
	}
	defer rows.Close()
	var out []store.APIKey
	for rows.Next() {
		var k store.APIKey
		if err := scanKey(rows, &k, false); err != nil {
			return nil, wrap(ctx, err, "list API keys")
		}
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
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
	err := store.Retry(ctx, busy, func() error {
		exists = false
		return s.tx(ctx, func(tx *sql.Tx) error {
			err := tx.QueryRowContext(ctx, `INSERT INTO accounts (name) VALUES (?) ON CONFLICT (name) DO NOTHING RETURNING id`, accountName).Scan(&id)
			if errors.Is(err, sql.ErrNoRows) {
				exists = true
				return nil
			}
			if err != nil {
				return err
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO api_keys (account_id, name, prefix, hash, scopes) VALUES (?, ?, ?, ?, ?)`,
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

// CreateFirstKey implements store.Keys: one statement, which SQLite runs
// under its one write lock, so of two processes on the file only one
// inserts.
func (s *Store) CreateFirstKey(ctx context.Context, k store.APIKey) (bool, error) {
	if err := store.CheckNewKey(store.DefaultAccount, k); err != nil {
		return false, err
	}
	n, err := s.exec(ctx, "create the first API key", `
INSERT INTO api_keys (account_id, name, prefix, hash, scopes)
SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM api_keys)`, int64(account.Default), k.Name, k.Prefix, k.Hash, k.Scopes)
	return n == 1, err
}

// exec runs one statement on the writer, retried while the file is busy,
// and returns the rows it changed.
func (s *Store) exec(ctx context.Context, doing, query string, args ...any) (int64, error) {
	ctx, cancel := store.Deadline(ctx, s.timeout)
	defer cancel()
	var n int64
	err := store.Retry(ctx, busy, func() error {
		res, err := s.w.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, wrap(ctx, err, doing)
	}
	return n, nil
}

// RevokeKey implements store.Keys.
func (s *Store) RevokeKey(ctx context.Context, prefix string) error {
	n, err := s.exec(ctx, "revoke API key", `UPDATE api_keys SET revoked_at = coalesce(revoked_at, `+now+`) WHERE prefix = ?`, prefix)
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
	n, err := s.exec(ctx, "revoke account", `UPDATE accounts SET revoked_at = coalesce(revoked_at, `+now+`) WHERE name = ?`, name)
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
	if err := s.db.QueryRowContext(ctx, `
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
	err := s.db.QueryRowContext(ctx, `SELECT id FROM accounts WHERE name = ?`, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, store.NoAccount(name)
	}
	if err != nil {
		return 0, wrap(ctx, err, "read account")
	}
	return id, nil
}
