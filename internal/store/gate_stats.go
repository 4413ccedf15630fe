package store

import (
	"context"

	"github.com/scoophq/scoop/internal/stats"
)

// PlayerStats implements Store.
func (g *Gate) PlayerStats(ctx context.Context, player string, f stats.Filter) (stats.Totals, error) {
	st, err := g.get()
	if err != nil {
		return stats.Totals{}, err
	}
	return st.PlayerStats(ctx, player, f)
}

// PlayerResults implements Store.
func (g *Gate) PlayerResults(ctx context.Context, q ResultsQuery) (ResultsPage, error) {
	st, err := g.get()
	if err != nil {
		return ResultsPage{}, err
	}
	return st.PlayerResults(ctx, q)
}

// Players implements Store.
func (g *Gate) Players(ctx context.Context, q PlayersQuery) (PlayersPage, error) {
	st, err := g.get()
	if err != nil {
		return PlayersPage{}, err
	}
	return st.Players(ctx, q)
}

// PlayerLedgers implements Store.
func (g *Gate) PlayerLedgers(ctx context.Context, player string, f stats.Filter) ([]stats.Totals, error) {
	st, err := g.get()
	if err != nil {
		return nil, err
	}
	return st.PlayerLedgers(ctx, player, f)
}
