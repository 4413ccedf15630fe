package store

import (
	"context"
	"encoding/json"
)

// Analysis implements Store.
func (g *Gate) Analysis(ctx context.Context, id string) (Analysis, error) {
	st, err := g.get()
	if err != nil {
		return Analysis{}, err
	}
	return st.Analysis(ctx, id)
}

// SaveAnalysis implements Store.
func (g *Gate) SaveAnalysis(ctx context.Context, id string, version int, analysis json.RawMessage, facts []FactsRow) error {
	st, err := g.get()
	if err != nil {
		return err
	}
	return st.SaveAnalysis(ctx, id, version, analysis, facts)
}

// StaleHands implements Store.
func (g *Gate) StaleHands(ctx context.Context, version int, after int64, limit int) ([]Hand, error) {
	st, err := g.get()
	if err != nil {
		return nil, err
	}
	return st.StaleHands(ctx, version, after, limit)
}

// UnanalyzedHands implements Store.
func (g *Gate) UnanalyzedHands(ctx context.Context, version int, after int64, limit int) ([]Hand, error) {
	st, err := g.get()
	if err != nil {
		return nil, err
	}
	return st.UnanalyzedHands(ctx, version, after, limit)
}

// UpdateVerdicts implements Store.
func (g *Gate) UpdateVerdicts(ctx context.Context, updates []VerdictUpdate) ([]Updated, error) {
	st, err := g.get()
	if err != nil {
		return nil, err
	}
	return st.UpdateVerdicts(ctx, updates)
}
