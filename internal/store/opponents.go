package store

import (
	"context"
	"sync"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/stats"
)

// Opponents answers analysis.OpponentStats (ANALYSIS.md A10) from st's
// stored hands: a player's hands, VPIP and PFR over his stored legal
// hands of game (and of the site asked for), read with PlayerStats under
// ctx (so under the caller's account and deadline) once per player and
// kept for the value's life. A player with no stored hands, or whose
// stats cannot be read, is not found: the analysis gives him the
// defaults. It is the seam the callers that make analyses wire in
// (the API's analyses, and through OpponentsByAccount the analysis jobs'
// and the backfill's); it is safe for concurrent
// use.
func Opponents(ctx context.Context, st Store, game string) analysis.OpponentStats {
	return OpponentsCached(ctx, st, game, nil)
}

// OpponentsCached is Opponents reading through c (nil: none), which
// keeps what was read beyond the value's life.
func OpponentsCached(ctx context.Context, st Store, game string, c *PreflopCache) analysis.OpponentStats {
	return &opponents{ctx: ctx, st: st, game: game, cache: c, seen: map[[2]string]opponent{}}
}

type opponent struct {
	stats analysis.PreflopStats
	ok    bool
}

type opponents struct {
	ctx   context.Context
	st    Store
	game  string
	cache *PreflopCache
	mu    sync.Mutex
	seen  map[[2]string]opponent
}

// Preflop implements analysis.OpponentStats.
func (o *opponents) Preflop(site, player string) (analysis.PreflopStats, bool) {
	key := [2]string{site, player}
	o.mu.Lock()
	got, ok := o.seen[key]
	o.mu.Unlock()
	if ok {
		return got.stats, got.ok
	}
	ck := preflopKey{account.From(o.ctx), site, o.game, player}
	if c, ok := o.cache.get(ck); ok {
		got = c
	} else {
		t, err := o.st.PlayerStats(o.ctx, player, stats.Filter{Site: site, Game: o.game})
		if err == nil && t.Hands > 0 {
			got = opponent{ok: true, stats: analysis.PreflopStats{Hands: t.Hands,
				VPIP: float64(t.VPIP) / float64(t.Hands), PFR: float64(t.PFR) / float64(t.Hands)}}
		}
		if err == nil {
			o.cache.put(ck, got)
		}
	}
	o.mu.Lock()
	o.seen[key] = got
	o.mu.Unlock()
	return got.stats, got.ok
}

// OpponentsByAccount hands out Opponents per (account, game), each made
// once and kept for the value's life, so that a batch of hands of the
// same tables (an analysis job's, a backfill page's) reads each
// opponent's statistics once. A hand's account is its owner's (a
// maintenance listing's Hand.Account) or, when 0, ctx's. Not safe for
// concurrent use; the Opponents it returns are.
type OpponentsByAccount struct {
	ctx   context.Context
	st    Store
	cache *PreflopCache
	m     map[opponentsKey]analysis.OpponentStats
}

type opponentsKey struct {
	acct account.ID
	game string
}

// NewOpponentsByAccount returns an empty OpponentsByAccount reading st
// under ctx (its deadline and cancellation; its account is replaced by
// each hand's), through c (nil: none; see PreflopCache).
func NewOpponentsByAccount(ctx context.Context, st Store, c *PreflopCache) *OpponentsByAccount {
	return &OpponentsByAccount{ctx: ctx, st: st, cache: c, m: map[opponentsKey]analysis.OpponentStats{}}
}

// For returns the opponents' statistics of account acct (0: ctx's) in
// game.
func (o *OpponentsByAccount) For(acct account.ID, game string) analysis.OpponentStats {
	if acct == 0 {
		acct = account.From(o.ctx)
	}
	k := opponentsKey{acct, game}
	if got, ok := o.m[k]; ok {
		return got
	}
	got := OpponentsCached(account.With(o.ctx, acct), o.st, game, o.cache)
	o.m[k] = got
	return got
}

// PreflopCache keeps the opponents' statistics Opponents reads (A10) for
// TTL, across the values that read them, for at most Max players (then it
// starts again empty): an import's analysis jobs see the same players in
// job after job, and read each one's statistics once a TTL instead of once
// a job (each read aggregates every stored row of the player). A value
// read at most TTL ago stands for "his stored PFR": it moves by a hand or
// two at a time. Safe for concurrent use; a nil *PreflopCache keeps
// nothing.
type PreflopCache struct {
	TTL time.Duration
	Max int
	now func() time.Time
	mu  sync.Mutex
	m   map[preflopKey]preflopEntry
}

type preflopKey struct {
	acct               account.ID
	site, game, player string
}

type preflopEntry struct {
	op opponent
	at time.Time
}

// NewPreflopCache returns an empty cache keeping values for ttl, for at
// most max players.
func NewPreflopCache(ttl time.Duration, max int) *PreflopCache {
	return &PreflopCache{TTL: ttl, Max: max, now: time.Now, m: map[preflopKey]preflopEntry{}}
}

func (c *PreflopCache) get(k preflopKey) (opponent, bool) {
	if c == nil {
		return opponent{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	if !ok || c.now().Sub(e.at) >= c.TTL {
		return opponent{}, false
	}
	return e.op, true
}

func (c *PreflopCache) put(k preflopKey, op opponent) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= c.Max {
		clear(c.m)
	}
	c.m[k] = preflopEntry{op, c.now()}
}
