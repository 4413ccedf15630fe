package store

import (
	"context"

	"github.com/scoophq/scoop/internal/stats"
)

// PlayerGroups implements Store.
func (g *Gate) PlayerGroups(ctx context.Context, player string, f stats.Filter, by string) ([]stats.GroupTotals, error) {
	st, err := g.get()
	if err != nil {
		return nil, err
	}
	return st.PlayerGroups(ctx, player, f, by)
}

// PlayerSessions implements Store.
func (g *Gate) PlayerSessions(ctx context.Context, q SessionsQuery) (SessionsPage, error) {
	st, err := g.get()
	if err != nil {
		return SessionsPage{}, err
	}
	return st.PlayerSessions(ctx, q)
}

// SetTags implements Store.
func (g *Gate) SetTags(ctx context.Context, id string, tags []string) ([]string, error) {
	st, err := g.get()
	if err != nil {
		return nil, err
	}
	return st.SetTags(ctx, id, tags)
}

// SetNote implements Store.
func (g *Gate) SetNote(ctx context.Context, id string, note string) (string, error) {
	st, err := g.get()
	if err != nil {
		return "", err
	}
	return st.SetNote(ctx, id, note)
}
