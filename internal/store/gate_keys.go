package store

import (
	"context"

	"github.com/scoophq/scoop/internal/account"
)

// CreateKey implements Keys.
func (g *Gate) CreateKey(ctx context.Context, accountName string, k APIKey) (account.ID, error) {
	st, err := g.get()
	if err != nil {
		return 0, err
	}
	return st.CreateKey(ctx, accountName, k)
}

// KeyByPrefix implements Keys.
func (g *Gate) KeyByPrefix(ctx context.Context, prefix string) (APIKey, error) {
	st, err := g.get()
	if err != nil {
		return APIKey{}, err
	}
	return st.KeyByPrefix(ctx, prefix)
}

// TouchKey implements Keys.
func (g *Gate) TouchKey(ctx context.Context, prefix string) error {
	st, err := g.get()
	if err != nil {
		return err
	}
	return st.TouchKey(ctx, prefix)
}

// CreateKeyNewAccount implements Keys.
func (g *Gate) CreateKeyNewAccount(ctx context.Context, accountName string, k APIKey) (account.ID, error) {
	st, err := g.get()
	if err != nil {
		return 0, err
	}
	return st.CreateKeyNewAccount(ctx, accountName, k)
}

// CreateFirstKey implements Keys.
func (g *Gate) CreateFirstKey(ctx context.Context, k APIKey) (bool, error) {
	st, err := g.get()
	if err != nil {
		return false, err
	}
	return st.CreateFirstKey(ctx, k)
}

// ListKeys implements Keys.
func (g *Gate) ListKeys(ctx context.Context, after string, limit int) ([]APIKey, error) {
	st, err := g.get()
	if err != nil {
		return nil, err
	}
	return st.ListKeys(ctx, after, limit)
}

// RevokeKey implements Keys.
func (g *Gate) RevokeKey(ctx context.Context, prefix string) error {
	st, err := g.get()
	if err != nil {
		return err
	}
	return st.RevokeKey(ctx, prefix)
}

// RevokeAccount implements Keys.
func (g *Gate) RevokeAccount(ctx context.Context, name string) error {
	st, err := g.get()
	if err != nil {
		return err
	}
	return st.RevokeAccount(ctx, name)
}

// LiveKeys implements Keys.
func (g *Gate) LiveKeys(ctx context.Context) (int, error) {
	st, err := g.get()
	if err != nil {
		return 0, err
	}
	return st.LiveKeys(ctx)
}

// AccountID implements Keys.
func (g *Gate) AccountID(ctx context.Context, name string) (account.ID, error) {
	st, err := g.get()
	if err != nil {
		return 0, err
	}
	return st.AccountID(ctx, name)
}
