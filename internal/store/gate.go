package store

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/scoophq/scoop/internal/fault"
)

// Gate is a Store that stands in for one still being connected: until
// Open hands it the real store, every call answers Unavailable at once
// ("the database is not connected yet: <reason>"), so a server can listen and
// serve what needs no database while it connects in the background. Once
// open, it passes every call through. It is safe for concurrent use.
type Gate struct {
	mu     sync.RWMutex
	st     Store
	reason string
	closed bool
}

var _ Store = (*Gate)(nil)

// NewGate returns a closed gate giving reason as why it is not ready.
func NewGate(reason string) *Gate { return &Gate{reason: reason} }

// Wait sets the reason the gate gives while it is not open (an attempt
// failed, say). The reason reaches clients: it must name no host, user or
// file.
func (g *Gate) Wait(reason string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.reason = reason
}

// Open makes the gate pass calls to st from now on. It returns false, and
// closes st, when the gate was closed meanwhile (the server is stopping).
func (g *Gate) Open(st Store) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		st.Close()
		return false
	}
	g.st = st
	return true
}

// Store returns the real store, nil until Open.
func (g *Gate) Store() Store {
	g.mu.RLock()
	defer g.mu.RUnlock()
	return g.st
}

func (g *Gate) get() (Store, error) {
	g.mu.RLock()
	defer g.mu.RUnlock()
	if g.st == nil {
		return nil, fault.New(fault.Unavailable, "the database is not connected yet: %s", g.reason)
	}
	return g.st, nil
}

// SaveHands implements Store.
func (g *Gate) SaveHands(ctx context.Context, hands []Hand) ([]Saved, error) {
	st, err := g.get()
	if err != nil {
		return nil, err
	}
	return st.SaveHands(ctx, hands)
}

// Hand implements Store.
func (g *Gate) Hand(ctx context.Context, id string) (Hand, error) {
	st, err := g.get()
	if err != nil {
		return Hand{}, err
	}
	return st.Hand(ctx, id)
}

// SaveAnalyses implements Store.
func (g *Gate) SaveAnalyses(ctx context.Context, analyses []AnalysisSave) ([]error, error) {
	st, err := g.get()
	if err != nil {
		return nil, err
	}
	return st.SaveAnalyses(ctx, analyses)
}

// HandRecords implements Store.
func (g *Gate) HandRecords(ctx context.Context, ids []string) ([]Hand, error) {
	st, err := g.get()
	if err != nil {
		return nil, err
	}
	return st.HandRecords(ctx, ids)
}

// Hands implements Store.
func (g *Gate) Hands(ctx context.Context, q Query) (Page, error) {
	st, err := g.get()
	if err != nil {
		return Page{}, err
	}
	return st.Hands(ctx, q)
}

// SaveEquity implements Store.
func (g *Gate) SaveEquity(ctx context.Context, result json.RawMessage) (string, error) {
	st, err := g.get()
	if err != nil {
		return "", err
	}
	return st.SaveEquity(ctx, result)
}

// Equity implements Store.
func (g *Gate) Equity(ctx context.Context, id string) (Equity, error) {
	st, err := g.get()
	if err != nil {
		return Equity{}, err
	}
	return st.Equity(ctx, id)
}

// Ready implements Store: Unavailable with the reason until Open, then the
// real store's readiness.
func (g *Gate) Ready(ctx context.Context) error {
	st, err := g.get()
	if err != nil {
		return err
	}
	return st.Ready(ctx)
}

// Close closes the gate: the real store if it is open, and any store
// opened later (see Open).
func (g *Gate) Close() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
	if g.st != nil {
		return g.st.Close()
	}
	return nil
}
