package admission

import (
	"context"
	"errors"
	"testing"
	"time"
)

// outcome is what one queued Acquire returned.
type outcome struct {
	name  string
	grant *Grant
	err   error
}

// harness queues requests one at a time, each once the previous is
// visibly waiting, so that arrival order is known.
type harness struct {
	t   *testing.T
	p   *Pool
	out chan outcome
}

func newHarness(t *testing.T, cfg Config) *harness {
	t.Helper()
	p, err := NewPool(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &harness{t: t, p: p, out: make(chan outcome, 64)}
}

// now acquires req and fails unless it is granted at once.
func (h *harness) now(req Request) *Grant {
	h.t.Helper()
	g, err := h.p.Acquire(context.Background(), req)
	if err != nil {
		h.t.Fatalf("Acquire(%+v) = %v, want an immediate grant", req, err)
	}
	return g
}

// queue starts an Acquire of req named name and returns once it waits.
func (h *harness) queue(ctx context.Context, name string, req Request) {
	h.t.Helper()
	want := h.waiting(req.Client) + 1
	go func() {
		g, err := h.p.Acquire(ctx, req)
		h.out <- outcome{name, g, err}
	}()
	h.until(func() bool { return h.waiting(req.Client) >= want }, name+" to queue")
}

// waiting is how many requests of client wait.
func (h *harness) waiting(client string) int {
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	if c := h.p.clients[client]; c != nil {
		return len(c.waiting)
	}
	return 0
}

// until waits for a state the test cannot be told of otherwise; it is not
// a measure of time: the assertions come after it.
func (h *harness) until(cond func() bool, what string) {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			h.t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// take returns the next outcome.
func (h *harness) take() outcome {
	h.t.Helper()
	select {
	case o := <-h.out:
		return o
	case <-time.After(10 * time.Second):
		h.t.Fatal("no outcome")
		return outcome{}
	}
}

const long = time.Hour // a wait that never expires within a test

func TestCheapWorkSkipsExpensiveQueue(t *testing.T) {
	h := newHarness(t, Config{Capacity: 4, Reserve: 2, MaxQueue: 8, MaxWait: long})
	a1 := h.now(Request{Client: "a", Weight: 1})
	a2 := h.now(Request{Client: "b", Weight: 1})
	// Expensive work holds all it may: the next expensive request waits...
	h.queue(context.Background(), "expensive", Request{Client: "c", Weight: 1})
	// ...but cheap work from anyone starts at once, twice (the reserve).
	c1 := h.now(Request{Client: "a", Weight: 1, Cheap: true})
	c2 := h.now(Request{Client: "c", Weight: 1, Cheap: true})
	// With all capacity taken a cheap request waits, and goes first when
	// a slot frees, though the expensive one came earlier.
	h.queue(context.Background(), "cheap", Request{Client: "d", Weight: 1, Cheap: true})
	c1.Release()
	if o := h.take(); o.name != "cheap" || o.err != nil {
		t.Fatalf("first served %s (%v), want the cheap request", o.name, o.err)
	}
	a1.Release()
	if o := h.take(); o.name != "expensive" || o.err != nil {
		t.Fatalf("then %s (%v), want the expensive request", o.name, o.err)
	}
	for _, g := range []*Grant{a2, c2} {
		g.Release()
	}
}

// TestFairAmongClients: a client with many requests waiting cannot starve
// one with few: capacity goes to the waiting client holding least, ties to
// the oldest request.
func TestFairAmongClients(t *testing.T) {
	h := newHarness(t, Config{Capacity: 3, MaxQueue: 16, MaxWait: long})
	ga1 := h.now(Request{Client: "a", Weight: 1})
	ga2 := h.now(Request{Client: "a", Weight: 1})
	gb := h.now(Request{Client: "b", Weight: 1})
	for _, n := range []string{"a1", "a2", "a3"} {
		h.queue(context.Background(), n, Request{Client: "a", Weight: 1})
	}
	for _, n := range []string{"b1", "b2"} {
		h.queue(context.Background(), n, Request{Client: "b", Weight: 1})
	}
	h.queue(context.Background(), "c1", Request{Client: "c", Weight: 1})
	steps := []struct {
		release *Grant
		want    string // a holds, b holds, c holds before the grant
	}{
		{ga1, "c1"}, // 1, 1, 0: c, though it came last
		{gb, "b1"},  // 1, 0, 1
		{ga2, "a1"}, // 0, 1, 1
	}
	var c1 *Grant
	for i, st := range steps {
		st.release.Release()
		o := h.take()
		if o.name != st.want || o.err != nil {
			t.Fatalf("step %d: granted %s (%v), want %s", i, o.name, o.err, st.want)
		}
		if o.name == "c1" {
			c1 = o.grant
		}
	}
	// 1, 1, 0 with c waiting for nothing: a and b tie; a2 came before b2.
	c1.Release()
	if o := h.take(); o.name != "a2" {
		t.Fatalf("last grant went to %s, want a2", o.name)
	}
}

// TestQueueFullPushesOutTheGreediest: one client cannot fill the queue: a
// newcomer takes the place of the newest waiter of the client with the
// most waiters; when the waiters are shared evenly the newcomer is refused.
func TestQueueFullPushesOutTheGreediest(t *testing.T) {
	h := newHarness(t, Config{Capacity: 1, MaxQueue: 3, MaxWait: long})
	g := h.now(Request{Client: "a", Weight: 1})
	for _, n := range []string{"a1", "a2", "a3"} {
		h.queue(context.Background(), n, Request{Client: "a", Weight: 1})
	}
	h.queue(context.Background(), "b1", Request{Client: "b", Weight: 1})
	if o := h.take(); o.name != "a3" || !errors.Is(o.err, ErrQueueFull) {
		t.Fatalf("pushed out %s (%v), want a3 with ErrQueueFull", o.name, o.err)
	}
	// a has 2 waiting, b 1: c, with none, pushes out a2.
	h.queue(context.Background(), "c1", Request{Client: "c", Weight: 1})
	if o := h.take(); o.name != "a2" || !errors.Is(o.err, ErrQueueFull) {
		t.Fatalf("pushed out %s (%v), want a2", o.name, o.err)
	}
	// a, b, c have one each: a fourth client is refused.
	if _, err := h.p.Acquire(context.Background(), Request{Client: "d", Weight: 1}); !errors.Is(err, ErrQueueFull) {
		t.Fatalf("d with an even queue: %v, want ErrQueueFull", err)
	}
	if _, err := h.p.Acquire(context.Background(), Request{Client: "a", Weight: 1}); !errors.Is(err, ErrQueueFull) {
		t.Fatalf("a again: %v, want ErrQueueFull", err)
	}
	g.Release()
	for range 3 {
		o := h.take()
		if o.err != nil {
			t.Fatalf("%s: %v", o.name, o.err)
		}
		o.grant.Release()
	}
	if s := h.p.Stats(); s != (Stats{}) || len(h.p.clients) != 0 {
		t.Errorf("after every release: %+v, %d clients remembered", s, len(h.p.clients))
	}
}

// TestNoSkippingExpensive: a large expensive request at the head is not
// overtaken by a smaller one that would fit.
func TestNoSkippingExpensive(t *testing.T) {
	h := newHarness(t, Config{Capacity: 9, MaxQueue: 8, MaxWait: long})
	g := h.now(Request{Client: "a", Weight: 5})
	h.queue(context.Background(), "big", Request{Client: "b", Weight: 8})
	h.queue(context.Background(), "small", Request{Client: "c", Weight: 2})
	g.Release()
	if o := h.take(); o.name != "big" {
		t.Fatalf("first %s, want big", o.name)
	} else {
		o.grant.Release()
	}
	if o := h.take(); o.name != "small" {
		t.Fatalf("then %s, want small", o.name)
	}
}

func TestWeightAboveLimitRunsAlone(t *testing.T) {
	h := newHarness(t, Config{Capacity: 10, Reserve: 4, MaxQueue: 8, MaxWait: long})
	g := h.now(Request{Client: "a", Weight: 100})
	if g.Weight() != 6 {
		t.Fatalf("expensive weight 100 holds %d, want Capacity-Reserve 6", g.Weight())
	}
	c := h.now(Request{Client: "a", Weight: 100 - 96, Cheap: true})
	g.Release()
	c.Release()
}

func TestWaitExpiresAndCancel(t *testing.T) {
	p, err := NewPool(Config{Capacity: 1, MaxQueue: 4, MaxWait: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := p.Acquire(context.Background(), Request{Client: "a", Weight: 1})
	if _, err := p.Acquire(context.Background(), Request{Client: "b", Weight: 1}); !errors.Is(err, ErrWaitExpired) {
		t.Fatalf("with the pool full past MaxWait: %v, want ErrWaitExpired", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p.cfg.MaxWait = long
	if _, err := p.Acquire(ctx, Request{Client: "b", Weight: 1}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	g.Release()
	g.Release() // twice is harmless
	if s := p.Stats(); s != (Stats{}) || len(p.clients) != 0 {
		t.Errorf("after release: %+v, %d clients", s, len(p.clients))
	}
	// No queue: refused at once.
	p0, _ := NewPool(Config{Capacity: 1})
	g0, _ := p0.Acquire(context.Background(), Request{Weight: 1})
	if _, err := p0.Acquire(context.Background(), Request{Weight: 1}); !errors.Is(err, ErrQueueFull) {
		t.Fatalf("no queue: %v", err)
	}
	g0.Release()
}

func TestNewPoolChecksConfig(t *testing.T) {
	for _, cfg := range []Config{{}, {Capacity: 1, Reserve: 1}, {Capacity: 2, Reserve: -1}, {Capacity: 1, MaxQueue: -1}} {
		if _, err := NewPool(cfg); err == nil {
			t.Errorf("NewPool(%+v) accepted", cfg)
		}
	}
}

// TestZeroWeightStartsAtOnce: work of no weight (an empty request body)
// starts at once, as Request.Weight promises, even while others wait: it
// holds nothing, so it takes nothing from them.
func TestZeroWeightStartsAtOnce(t *testing.T) {
	h := newHarness(t, Config{Capacity: 2, Reserve: 1, MaxQueue: 4, MaxWait: time.Minute})
	full := h.now(Request{Client: "a", Weight: 2, Cheap: true})
	h.queue(context.Background(), "b", Request{Client: "b", Weight: 1, Cheap: true})
	for _, cheap := range []bool{true, false} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		g, err := h.p.Acquire(ctx, Request{Client: "c", Weight: 0, Cheap: cheap})
		cancel()
		if err != nil {
			t.Fatalf("weight 0 (cheap %v): %v, want a grant at once", cheap, err)
		}
		g.Release()
	}
	full.Release()
	if o := <-h.out; o.err != nil {
		t.Fatalf("b: %v", o.err)
	} else {
		o.grant.Release()
	}
}
