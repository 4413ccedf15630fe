// Package admission decides when a piece of work may start. A Pool is a
// capacity (compute units, bytes...) shared by clients, with a part of it
// reserved for cheap work, a bounded queue shared fairly among clients and
// a bounded wait.
//
// The rules, in order of precedence:
//   - Cheap work never waits behind expensive work: expensive work may hold
//     at most Capacity-Reserve, cheap work may use the whole Capacity, and
//     when capacity frees up waiting cheap work is served first.
//   - Fairness: among waiting requests of one class, the client holding the
//     least weight goes first (ties: the one whose oldest request arrived
//     first), so a client with many requests in flight cannot starve one
//     with few. Within a client, first come first served.
//   - No skipping: expensive work is granted strictly in that order; a
//     large request at the head is not overtaken by smaller expensive ones.
//   - A bounded queue: at most MaxQueue requests wait. When it is full, a
//     newcomer takes the place of the newest waiter of the client with the
//     most waiters, if that client has at least two more than the newcomer;
//     else the newcomer is refused. One client cannot fill the queue.
//   - A bounded wait: a request not granted within MaxWait is refused.
//
// The package knows nothing of HTTP or of the domain: the caller names the
// client, the weight and the class. It imports only the standard library.
package admission

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Refusals. Acquire returns one of these, or the context's error.
var (
	// ErrQueueFull: the queue had no room for the request (or it was
	// pushed out of the queue by a client with fewer waiters).
	ErrQueueFull = errors.New("admission: queue full")
	// ErrWaitExpired: the request waited MaxWait without being granted.
	ErrWaitExpired = errors.New("admission: wait expired")
)

// Config configures a Pool. Units are the caller's (cores, bytes...).
type Config struct {
	// Capacity is the total weight held at once. Must be positive.
	Capacity int64
	// Reserve is the part of Capacity only cheap work may hold: expensive
	// work holds at most Capacity-Reserve in total. 0 <= Reserve < Capacity.
	Reserve int64
	// MaxQueue is how many requests may wait at once (0: none waits; a
	// request that cannot start at once is refused).
	MaxQueue int
	// MaxWait is the longest a request waits (0: none waits).
	MaxWait time.Duration
}

// Request is one demand on a Pool.
type Request struct {
	// Client identifies who asks, for fairness ("" is a client too).
	Client string
	// Weight is what the work holds while it runs, in the Pool's unit. A
	// weight above what its class may ever hold (Capacity for cheap work,
	// Capacity-Reserve for expensive work) is lowered to that: such work
	// waits until it can run alone in its class. Zero or less starts at
	// once and holds nothing.
	Weight int64
	// Cheap marks cheap work, which may use the reserve and goes first.
	Cheap bool
}

// Stats is a snapshot of a Pool.
type Stats struct {
	Held          int64 // weight held now
	HeldExpensive int64 // of which by expensive work
	Queued        int   // requests waiting now
}

// Pool is an admission controller. It is safe for concurrent use.
type Pool struct {
	cfg Config

	mu            sync.Mutex
	held, heldExp int64
	queued        int
	seq           uint64
	clients       map[string]*client
}

type client struct {
	name    string
	held    int64
	waiting []*waiter // arrival order, both classes
}

type waiter struct {
	c       *client
	weight  int64
	cheap   bool
	seq     uint64
	done    chan struct{} // closed once granted or refused
	granted bool
	err     error
}

// NewPool returns a Pool with cfg, after checking it.
func NewPool(cfg Config) (*Pool, error) {
	if cfg.Capacity <= 0 {
		return nil, errors.New("admission: Capacity must be positive")
	}
	if cfg.Reserve < 0 || cfg.Reserve >= cfg.Capacity {
		return nil, errors.New("admission: Reserve must be 0 or more and less than Capacity")
	}
	if cfg.MaxQueue < 0 || cfg.MaxWait < 0 {
		return nil, errors.New("admission: MaxQueue and MaxWait must not be negative")
	}
	return &Pool{cfg: cfg, clients: map[string]*client{}}, nil
}

// Config returns the pool's configuration.
func (p *Pool) Config() Config { return p.cfg }

// Stats returns a snapshot of the pool.
func (p *Pool) Stats() Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return Stats{Held: p.held, HeldExpensive: p.heldExp, Queued: p.queued}
}

// Grant is admitted work. Release it exactly once when the work is done
// (further calls do nothing).
type Grant struct {
	p      *Pool
	c      *client
	weight int64
	cheap  bool
	once   sync.Once
}

// Release gives the grant's weight back and starts whatever may start.
func (g *Grant) Release() {
	if g == nil || g.p == nil {
		return
	}
	g.once.Do(func() {
		p := g.p
		p.mu.Lock()
		defer p.mu.Unlock()
		p.held -= g.weight
		if !g.cheap {
			p.heldExp -= g.weight
		}
		g.c.held -= g.weight
		p.forget(g.c)
		p.dispatch()
	})
}

// Weight is what the grant holds.
func (g *Grant) Weight() int64 { return g.weight }

// Cheap reports whether the grant was admitted as cheap work.
func (g *Grant) Cheap() bool { return g.cheap }

// Acquire starts req at once when it may, else queues it and waits until
// it is granted (nil error), the queue refuses it (ErrQueueFull), MaxWait
// passes (ErrWaitExpired) or ctx is done (ctx.Err()).
func (p *Pool) Acquire(ctx context.Context, req Request) (*Grant, error) {
	w := req.Weight
	if w < 0 {
		w = 0
	}
	if limit := p.limit(req.Cheap); w > limit {
		w = limit
	}
	p.mu.Lock()
	c := p.clients[req.Client]
	if c == nil {
		c = &client{name: req.Client}
		p.clients[req.Client] = c
	}
	// Work of no weight takes nothing from those waiting: it never waits.
	if w == 0 || p.fits(w, req.Cheap) && !p.ahead(req.Cheap) {
		g := p.grant(c, w, req.Cheap)
		p.mu.Unlock()
		return g, nil
	}
	if p.cfg.MaxWait <= 0 || !p.makeRoom(c) {
		p.forget(c)
		p.mu.Unlock()
		return nil, ErrQueueFull
	}
	p.seq++
	wt := &waiter{c: c, weight: w, cheap: req.Cheap, seq: p.seq, done: make(chan struct{})}
	c.waiting = append(c.waiting, wt)
	p.queued++
	p.mu.Unlock()

	timer := time.NewTimer(p.cfg.MaxWait)
	defer timer.Stop()
	var cause error
	select {
	case <-wt.done:
	case <-timer.C:
		cause = ErrWaitExpired
	case <-ctx.Done():
		cause = ctx.Err()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-wt.done:
	default:
		// Still waiting: leave the queue.
		p.unqueue(wt)
		p.forget(c)
		// The head may have been blocking others of its class.
		p.dispatch()
		return nil, cause
	}
	if !wt.granted {
		return nil, wt.err
	}
	g := &Grant{p: p, c: c, weight: wt.weight, cheap: wt.cheap}
	if cause != nil && ctx.Err() != nil {
		// Granted as the client left: give it back.
		p.held -= g.weight
		if !g.cheap {
			p.heldExp -= g.weight
		}
		c.held -= g.weight
		p.forget(c)
		p.dispatch()
		return nil, ctx.Err()
	}
	return g, nil
}

// limit is the most weight one request of the class may hold.
func (p *Pool) limit(cheap bool) int64 {
	if cheap {
		return p.cfg.Capacity
	}
	return p.cfg.Capacity - p.cfg.Reserve
}

// fits reports whether w more of the class fits now.
func (p *Pool) fits(w int64, cheap bool) bool {
	if p.held+w > p.cfg.Capacity {
		return false
	}
	return cheap || p.heldExp+w <= p.cfg.Capacity-p.cfg.Reserve
}

// ahead reports whether requests that go before one of the class wait.
func (p *Pool) ahead(cheap bool) bool {
	for _, c := range p.clients {
		for _, w := range c.waiting {
			if w.cheap || !cheap {
				return true
			}
		}
	}
	return false
}

func (p *Pool) grant(c *client, w int64, cheap bool) *Grant {
	p.held += w
	if !cheap {
		p.heldExp += w
	}
	c.held += w
	return &Grant{p: p, c: c, weight: w, cheap: cheap}
}

// makeRoom reports whether c may queue one more request, pushing out the
// newest waiter of the client with the most waiters when the queue is full
// and that client has at least two more than c.
func (p *Pool) makeRoom(c *client) bool {
	if p.queued < p.cfg.MaxQueue {
		return true
	}
	var most *client
	for _, o := range p.clients {
		if most == nil || len(o.waiting) > len(most.waiting) ||
			len(o.waiting) == len(most.waiting) && len(o.waiting) > 0 && o.waiting[len(o.waiting)-1].seq > most.waiting[len(most.waiting)-1].seq {
			most = o
		}
	}
	if most == nil || most == c || len(most.waiting) < len(c.waiting)+2 {
		return false
	}
	victim := most.waiting[len(most.waiting)-1]
	p.unqueue(victim)
	victim.err = ErrQueueFull
	close(victim.done)
	return true
}

// unqueue removes w from its client's queue.
func (p *Pool) unqueue(w *waiter) {
	c := w.c
	for i, x := range c.waiting {
		if x == w {
			c.waiting = append(c.waiting[:i], c.waiting[i+1:]...)
			p.queued--
			return
		}
	}
}

// forget drops a client that holds and awaits nothing.
func (p *Pool) forget(c *client) {
	if c.held == 0 && len(c.waiting) == 0 && p.clients[c.name] == c {
		delete(p.clients, c.name)
	}
}

// next returns the waiter of the class to serve next: the oldest waiter of
// the class of the client holding least, ties to the earliest arrival.
func (p *Pool) next(cheap bool) *waiter {
	var best *waiter
	for _, c := range p.clients {
		for _, w := range c.waiting {
			if w.cheap != cheap {
				continue
			}
			if best == nil || c.held < best.c.held || c.held == best.c.held && w.seq < best.seq {
				best = w
			}
			break // the client's oldest of the class
		}
	}
	return best
}

// dispatch grants waiting requests while they fit: cheap ones first, then,
// when no cheap request waits, expensive ones strictly in turn.
func (p *Pool) dispatch() {
	for _, cheap := range []bool{true, false} {
		for {
			w := p.next(cheap)
			if w == nil {
				break
			}
			if !p.fits(w.weight, w.cheap) {
				return
			}
			p.unqueue(w)
			p.grant(w.c, w.weight, w.cheap)
			w.granted = true
			close(w.done)
		}
	}
}
