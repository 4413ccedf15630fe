package store

import "context"

// CreateSession implements Sessions.
func (g *Gate) CreateSession(ctx context.Context, s Session) error {
	st, err := g.get()
	if err != nil {
		return err
	}
	return st.CreateSession(ctx, s)
}

// SessionByHash implements Sessions.
func (g *Gate) SessionByHash(ctx context.Context, hash []byte) (Session, error) {
	st, err := g.get()
	if err != nil {
		return Session{}, err
	}
	return st.SessionByHash(ctx, hash)
}

// TouchSession implements Sessions.
func (g *Gate) TouchSession(ctx context.Context, hash []byte) error {
	st, err := g.get()
	if err != nil {
		return err
	}
	return st.TouchSession(ctx, hash)
}

// RevokeSession implements Sessions.
func (g *Gate) RevokeSession(ctx context.Context, hash []byte) error {
	st, err := g.get()
	if err != nil {
		return err
	}
	return st.RevokeSession(ctx, hash)
}

// CreateShare implements Sessions.
func (g *Gate) CreateShare(ctx context.Context, s Share) (Share, error) {
	st, err := g.get()
	if err != nil {
		return Share{}, err
	}
	return st.CreateShare(ctx, s)
}

// ShareByHash implements Sessions.
func (g *Gate) ShareByHash(ctx context.Context, hash []byte) (Share, error) {
	st, err := g.get()
	if err != nil {
		return Share{}, err
	}
	return st.ShareByHash(ctx, hash)
}

// Shares implements Sessions.
func (g *Gate) Shares(ctx context.Context, q SharesQuery) (SharesPage, error) {
	st, err := g.get()
	if err != nil {
		return SharesPage{}, err
	}
	return st.Shares(ctx, q)
}

// RevokeShare implements Sessions.
func (g *Gate) RevokeShare(ctx context.Context, id string) error {
	st, err := g.get()
	if err != nil {
		return err
	}
	return st.RevokeShare(ctx, id)
}
