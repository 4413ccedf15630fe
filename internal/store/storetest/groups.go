package storetest

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// HandFacts are one player's facts in one hand with the hand's
// description.
type HandFacts struct {
	Hand  stats.Hand
	Facts stats.Facts
}

// FactsOfRecords replays and analyses the hands of records (their stored
// analysis, when they carry one) and returns each player's facts, in
// record order: what a store's sums are checked against.
func FactsOfRecords(t *testing.T, recs []store.Hand) map[string][]HandFacts {
	t.Helper()
	out := map[string][]HandFacts{}
	for _, rec := range recs {
		var h handhistory.Hand
		if err := json.Unmarshal(rec.Hand, &h); err != nil {
			t.Fatal(err)
		}
		v := analysis.Replay(&h)
		var a *analysis.Analysis
		if len(rec.Analysis) > 0 {
			a = new(analysis.Analysis)
			if err := json.Unmarshal(rec.Analysis, a); err != nil {
				t.Fatal(err)
			}
		}
		fs, err := stats.Compute(&h, &v, a)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			out[f.Name] = append(out[f.Name], HandFacts{stats.Describe(&h), f})
		}
	}
	return out
}

// testPlayerGroups checks PlayerGroups by position and by holding against
// the facts summed in Go, per group and ledger, with a filter, and its
// bad grouping.
func testPlayerGroups(t *testing.T, s store.Store) {
	ctx := context.Background()
	recs, _, _ := ledgerHands(t)
	save(t, s, recs...)
	facts := FactsOfRecords(t, recs)
	for _, by := range []string{store.ByPosition, store.ByHolding} {
		for _, flt := range []stats.Filter{{}, {Kind: stats.Cash}, {SawFlop: ptr(true)}} {
			for _, name := range []string{"p1", "p2", "p3", "p4"} {
				want := map[[2]string]*stats.ByLedger{}
				for _, hf := range facts[name] {
					if !flt.Match(hf.Hand) || !flt.MatchFacts(hf.Hand.Game, hf.Facts) {
						continue
					}
					k := [2]string{"", hf.Facts.Seat}
					if by == store.ByHolding {
						if hf.Facts.Group == "" {
							continue
						}
						k = [2]string{hf.Hand.Game, hf.Facts.Group}
					}
					if want[k] == nil {
						want[k] = &stats.ByLedger{}
					}
					want[k].Add(hf.Hand, hf.Facts)
				}
				rows, err := s.PlayerGroups(ctx, name, flt, by)
				if err != nil {
					t.Fatalf("%s by %s: %v", name, by, err)
				}
				got := map[[3]string]stats.Totals{}
				for _, r := range rows {
					got[[3]string{r.Game, r.Group, r.Totals.Ledger.Key()}] = r.Totals
				}
				n := 0
				for k, bl := range want {
					for _, w := range bl.Totals() {
						n++
						g, ok := got[[3]string{k[0], k[1], w.Ledger.Key()}]
						if !ok {
							t.Errorf("%s by %s %+v: no row for %v %s; rows %+v", name, by, flt, k, w.Ledger.Key(), rows)
							continue
						}
						sameTotals(t, name+" by "+by+" "+k[1]+" "+w.Ledger.Key(), g, w)
					}
				}
				if len(rows) != n {
					t.Errorf("%s by %s %+v: %d rows; want %d", name, by, flt, len(rows), n)
				}
			}
		}
	}
	// p1 holds AsAhKsKh (omaha-hi, double-suited) in the PLO hands, and
	// A2 with a suited ace (As2s...) in the Hi/Lo one.
	rows, err := s.PlayerGroups(ctx, "p1", stats.Filter{Game: "omaha-hi"}, store.ByHolding)
	if err != nil || len(rows) != 3 || rows[0].Group != stats.DoubleSuited || rows[0].Game != "omaha-hi" {
		t.Errorf("p1 by holding: %+v, %v; want double-suited omaha-hi in three ledgers", rows, err)
	}
	if _, err := s.PlayerGroups(ctx, "p1", stats.Filter{}, "street"); !isKind(err, fault.Invalid) {
		t.Errorf("by street: %v; want Invalid", err)
	}
	if rows, err := s.PlayerGroups(ctx, "nobody", stats.Filter{}, store.ByPosition); err != nil || len(rows) != 0 {
		t.Errorf("nobody: %+v, %v; want no rows", rows, err)
	}
}

func ptr[T any](v T) *T { return &v }

// freerollPHH are Hi/Lo hands in which p1 freerolls (the 9-high straight
// flush on 5-6-7 of spades, a live low draw: A9's example) and one in
// which he does not (a set of kings against a set of queens' draw, no
// low possible for him).
var freerollPHH = []string{`variant = 'PO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 8s9s5d6d', 'd dh p2 KcKdQcJd', 'p2 cc', 'p1 cc', 'd db 5s6s7s', 'p1 cc', 'p2 cc', 'd db Kh', 'p1 cc', 'p2 cc', 'd db 2h', 'p1 cc', 'p2 cc']
`, `variant = 'PO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 8s9s5d6d', 'd dh p2 As2cQcJd', 'p2 cc', 'p1 cc', 'd db 5s6s7s', 'p1 cc', 'p2 cc', 'd db Kh', 'p1 cc', 'p2 cc', 'd db 3h', 'p1 cc', 'p2 cc']
`, `variant = 'PO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 KsKh9c9d', 'd dh p2 QsQhJhTc', 'p2 cc', 'p1 cc', 'd db 3c6h8d', 'p1 cc', 'p2 cc', 'd db Kd', 'p1 cc', 'p2 cc', 'd db 2c', 'p1 cc', 'p2 cc']
`}

// testFreerolls checks the freeroll count (A9, issue 26) in the
// statistics, the freeroll filter on statistics and listings, and that
// the freeroll follows an analysis saved after its hand.
func testFreerolls(t *testing.T, s store.Store) {
	ctx := context.Background()
	recs := FreerollRecords(t)
	want := map[string]*stats.Totals{"p1": {}, "p2": {}}
	facts := FactsOfRecords(t, recs)
	for name, w := range want {
		for _, hf := range facts[name] {
			w.Add(hf.Hand, hf.Facts)
		}
	}
	if want["p1"].Freerolls != 2 || want["p1"].FreerollScoops < 1 {
		t.Fatalf("p1's facts: %d freerolls, %d scooped; want 2 freerolls, one scooped at least", want["p1"].Freerolls, want["p1"].FreerollScoops)
	}
	late := recs[0]
	doc := late.Analysis
	late.Analysis = nil // stored without its analysis: no freeroll yet
	late.Facts = ingest.HandFacts(late.Legal, late.Hand, late.Verdict, nil)
	saved := save(t, s, append([]store.Hand{late}, recs[1:]...)...)
	got, err := s.PlayerStats(ctx, "p1", stats.Filter{})
	if err != nil || got.Freerolls != 1 {
		t.Fatalf("before the first hand's analysis: %+v, %v; want 1 freeroll", got, err)
	}
	if err := s.SaveAnalysis(ctx, saved[0].ID, analysis.EngineVersion, doc, adjustedOf(t, doc)); err != nil {
		t.Fatal(err)
	}
	got, err = s.PlayerStats(ctx, "p1", stats.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	sameTotals(t, "p1 with every analysis", got, *want["p1"])
	for name, w := range want {
		for _, free := range []bool{true, false} {
			hands := w.Freerolls
			if !free {
				hands = w.Hands - w.Freerolls
			}
			f := stats.Filter{Freeroll: ptr(free)}
			tot, err := s.PlayerStats(ctx, name, f)
			if err != nil || tot.Hands != hands || (free && tot.Freerolls != hands) || (!free && tot.Freerolls != 0) {
				t.Errorf("%s freeroll=%v: %+v, %v; want %d hands", name, free, tot, err, hands)
			}
			page, err := s.Hands(ctx, store.Query{Player: name, Filter: f})
			if err != nil || int64(len(page.Hands)) != hands {
				t.Errorf("%s listing with freeroll=%v: %d hands, %v; want %d", name, free, len(page.Hands), err, hands)
			}
		}
	}
	if _, err := s.Hands(ctx, store.Query{Filter: stats.Filter{Freeroll: ptr(true)}}); !isKind(err, fault.Invalid) {
		t.Errorf("listing with freeroll and no player: %v; want Invalid", err)
	}
}

// FreerollRecords are the records of freerollPHH (Hi/Lo, site
// pokerstars, February 2026, analysed): p1 freerolls in the first two.
func FreerollRecords(t *testing.T) []store.Hand {
	t.Helper()
	var recs []store.Hand
	for i, text := range freerollPHH {
		es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
		if err != nil || len(es) != 1 || es[0].Hand == nil {
			t.Fatalf("read PHH: %v", err)
		}
		h := es[0].Hand
		h.Site, h.SiteHandID = "pokerstars", "freeroll-"+string(rune('a'+i))
		h.Time = time.Date(2026, 2, i+1, 12, 0, 0, 0, time.UTC).Format(time.RFC3339)
		v := analysis.Replay(h)
		rec, err := ingest.NewAnalysedRecord(context.Background(), h, &v, analysis.Options{})
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	return recs
}
