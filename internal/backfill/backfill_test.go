package backfill_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/scoophq/scoop/internal/admission"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/backfill"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

var stores = []struct {
	name string
	open func(t *testing.T) store.Store
}{
	{"postgres", func(t *testing.T) store.Store { return storetest.OpenPostgres(t) }},
	{"sqlite", func(t *testing.T) store.Store { return storetest.OpenSQLite(t) }},
}

// record reads a PHH hand and returns its record as `scoop import` stores
// it: NewHandRecord, without an analysis.
func record(t *testing.T, text string) (store.Hand, *handhistory.Hand) {
	t.Helper()
	es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("read PHH: %v", err)
	}
	v := analysis.Replay(es[0].Hand)
	rec, err := ingest.NewRecord(es[0].Hand, &v)
	if err != nil {
		t.Fatal(err)
	}
	return rec, es[0].Hand
}

func saveAll(t *testing.T, s store.Store, hands ...store.Hand) []string {
	t.Helper()
	saved, err := s.SaveHands(context.Background(), hands)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(saved))
	for i, sv := range saved {
		if sv.Err != nil || !sv.Created {
			t.Fatalf("hand %d: %+v", i, sv)
		}
		ids[i] = sv.ID
	}
	return ids
}

// missing returns the ids of every hand the store lists as missing an
// analysis by the running engine.
func missing(t *testing.T, s store.Store) []string {
	t.Helper()
	var ids []string
	var after int64
	for {
		page, err := s.UnanalyzedHands(context.Background(), analysis.EngineVersion, after, store.MaxLimit)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			return ids
		}
		for _, h := range page {
			ids = append(ids, h.ID)
		}
		after = page[len(page)-1].Seq
	}
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// pool is an admission pool shaped like the API's: one expensive core and
// one reserved for cheap work.
func pool(t *testing.T) *admission.Pool {
	t.Helper()
	p, err := admission.NewPool(admission.Config{Capacity: 2, Reserve: 1, MaxQueue: 4, MaxWait: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func acquireFrom(p *admission.Pool) func(ctx context.Context) (func(), error) {
	return func(ctx context.Context) (func(), error) {
		g, err := p.Acquire(ctx, admission.Request{Client: "backfill", Weight: 1})
		if err != nil {
			return nil, err
		}
		return g.Release, nil
	}
}

func TestRunFillsMissingAnalyses(t *testing.T) {
	for _, db := range stores {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			s := db.open(t)
			ctx := context.Background()
			allIn, allInHand := record(t, hhtest.PHHAllIn)
			river, _ := record(t, hhtest.PHHRiver)
			illegal, _ := record(t, hhtest.PHHIllegalRaise)
			if allIn.Analysis != nil || !allIn.Legal || illegal.Legal {
				t.Fatalf("records: analysis %v, legal %v, illegal legal %v", allIn.Analysis != nil, allIn.Legal, illegal.Legal)
			}
			ids := saveAll(t, s, allIn, river, illegal)

			// Before: the all-in hand counts at its actual net.
			before, err := s.PlayerStats(ctx, "p1", stats.Filter{})
			if err != nil || before.Hands != 2 || before.Unanalyzed != 2 || before.AllInHands != 0 {
				t.Fatalf("p1 before the backfill: %+v, %v", before, err)
			}

			p := pool(t)
			reg := prometheus.NewRegistry()
			bf, err := backfill.New(backfill.Config{Store: s, Acquire: acquireFrom(p), Logger: quiet(), Registerer: reg,
				Batch: 1, IdleMin: time.Millisecond, IdleMax: 10 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			runCtx, stop := context.WithCancel(ctx)
			done := make(chan struct{})
			go func() { defer close(done); bf.Run(runCtx) }()
			deadline := time.Now().Add(30 * time.Second)
			for len(missing(t, s)) > 0 {
				if time.Now().After(deadline) {
					stop()
					t.Fatalf("still missing after 30s: %v", missing(t, s))
				}
				time.Sleep(5 * time.Millisecond)
			}
			stop()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("Run did not return after its context was canceled")
			}
			if st := p.Stats(); st.Held != 0 || st.Queued != 0 {
				t.Errorf("pool after Run: %+v, want every core given back", st)
			}

			// The analyses are the engine's, stored by this version.
			want, err := analysis.AnalyzeWith(ctx, allInHand, analysis.Options{OneCore: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range ids[:2] {
				a, err := s.Analysis(ctx, id)
				if err != nil || a.EngineVersion != analysis.EngineVersion {
					t.Fatalf("analysis of %s: %+v, %v", id, a, err)
				}
			}
			a, _ := s.Analysis(ctx, ids[0])
			var got analysis.Analysis
			if err := json.Unmarshal(a.Analysis, &got); err != nil || got.AllIn == nil {
				t.Fatalf("all-in hand's analysis: %s, %v", a.Analysis, err)
			}
			if _, err := s.Analysis(ctx, ids[2]); err == nil {
				t.Errorf("the illegal hand was analysed")
			}

			// After: its player facts take the adjusted net from the analysis.
			if len(want.Results) != 2 {
				t.Fatalf("the all-in hand's results: %+v, want p1's and p2's", want.Results)
			}
			for _, r := range want.Results {
				after, err := s.PlayerStats(ctx, r.Player, stats.Filter{})
				if err != nil {
					t.Fatal(err)
				}
				var river float64 // the river hand qualifies for nothing: adjusted = actual
				if r.Player == "p1" || r.Player == "p2" {
					river = float64(after.Net - r.Net)
				}
				if after.Unanalyzed != 0 || after.AllInHands != 1 || math.Abs(after.AdjustedNet-(r.AdjustedNet+river)) > 1e-6 {
					t.Errorf("%s after the backfill: %+v; want adjusted net %v + %v, 1 all-in hand, none unanalyzed", r.Player, after, r.AdjustedNet, river)
				}
				if r.AdjustedNet == float64(r.Net) {
					t.Errorf("%s: the all-in hand's adjusted net equals its net (%d): the test hand proves nothing", r.Player, r.Net)
				}
			}
			if n := bfCounter(t, reg, "analyzed"); n != 2 {
				t.Errorf("scoop_backfill_hands_total{outcome=analyzed} = %v, want 2", n)
			}
		})
	}
}

// bfCounter returns the value of the backfill's counter of outcome in reg.
func bfCounter(t *testing.T, reg *prometheus.Registry, outcome string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != "scoop_backfill_hands_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "outcome" && l.GetValue() == outcome {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	t.Fatalf("no scoop_backfill_hands_total{outcome=%q}", outcome)
	return 0
}

func TestPassSkipsHandsThatNoLongerReplay(t *testing.T) {
	for _, db := range stores {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			s := db.open(t)
			ctx := context.Background()
			river, _ := record(t, hhtest.PHHRiver)
			broken := storetest.NewHand(1, "", "omaha-hi", true, "a", "b") // legal, but its JSON is no hand
			unreadable := storetest.NewHand(2, "", "omaha-hi", true, "a", "b")
			unreadable.Hand = json.RawMessage(`{"table": 7}`)
			ids := saveAll(t, s, broken, river, unreadable)
			bf, err := backfill.New(backfill.Config{Store: s, Logger: quiet()})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := bf.Pass(ctx)
			if err != nil || rep != (backfill.Report{Analyzed: 1, Skipped: 2}) {
				t.Fatalf("first pass: %+v, %v; want 1 analysed, 2 skipped", rep, err)
			}
			if got := missing(t, s); len(got) != 2 || !slices.Contains(got, ids[0]) || !slices.Contains(got, ids[2]) {
				t.Errorf("missing after a pass: %v, want the two that do not replay %v", got, []string{ids[0], ids[2]})
			}
			rep, err = bf.Pass(ctx)
			if err != nil || rep != (backfill.Report{Skipped: 2}) {
				t.Errorf("second pass: %+v, %v; want 2 skipped again", rep, err)
			}
		})
	}
}

func TestCancelStopsRun(t *testing.T) {
	for _, db := range stores {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			s := db.open(t)
			river, _ := record(t, hhtest.PHHRiver)
			saveAll(t, s, river)
			// Every expensive core is held by a request: the backfill waits
			// its turn, and is canceled while waiting.
			p := pool(t)
			held, err := p.Acquire(context.Background(), admission.Request{Client: "someone", Weight: 1})
			if err != nil {
				t.Fatal(err)
			}
			defer held.Release()
			asked := make(chan struct{}, 100)
			acquire := acquireFrom(p)
			bf, err := backfill.New(backfill.Config{Store: s, Logger: quiet(), Acquire: func(ctx context.Context) (func(), error) {
				asked <- struct{}{}
				return acquire(ctx)
			}})
			if err != nil {
				t.Fatal(err)
			}
			ctx, stop := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { defer close(done); bf.Run(ctx) }()
			<-asked // it is waiting for a core
			stop()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("Run did not return after its context was canceled")
			}
			if got := missing(t, s); len(got) != 1 {
				t.Errorf("missing after a canceled run: %v, want the one hand (no core was granted)", got)
			}
			if st := p.Stats(); st.Held != 1 || st.Queued != 0 {
				t.Errorf("pool after Run: %+v, want only the request's core held", st)
			}
		})
	}
}

// TestTimedOutHandsAreCounted: a hand whose analysis runs past
// HandTimeout is failed and counted timed out (the analysis jobs retry
// theirs), and is listed again as missing its analysis.
func TestTimedOutHandsAreCounted(t *testing.T) {
	s := storetest.OpenSQLite(t)
	river, _ := record(t, hhtest.PHHRiver)
	ids := saveAll(t, s, river)
	bf, err := backfill.New(backfill.Config{Store: s, Logger: quiet(), HandTimeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := bf.Pass(context.Background())
	if err != nil || rep != (backfill.Report{Failed: 1, TimedOut: 1}) {
		t.Fatalf("pass with a timeout of 1 ns: %+v, %v; want 1 failed, timed out", rep, err)
	}
	if got := missing(t, s); !slices.Equal(got, ids) {
		t.Errorf("missing after the pass: %v, want %v", got, ids)
	}
}
