package analysis

import (
	"context"
	"math"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/preflop"
)

// hasUnknown reports whether a live player of st has unknown cards.
func hasUnknown(st Street) bool {
	for _, p := range st.Players {
		if p.Unknown {
			return true
		}
	}
	return false
}

// streetRequest is the equity question of snapshot st of h: the live
// hands (nil when unknown), the board, the known hands of the others dead.
func streetRequest(t *testing.T, hands []StreetPlayer, board string, known []cards.List, names []string) (hs []cards.List, b, dead cards.List) {
	t.Helper()
	live := map[string]bool{}
	for _, p := range hands {
		live[p.Name] = true
		if p.Unknown {
			hs = append(hs, nil)
		} else {
			hs = append(hs, cards.MustParse(p.Hand))
		}
	}
	for i, n := range names {
		if !live[n] && known[i] != nil {
			dead = append(dead, known[i]...)
		}
	}
	return hs, cards.MustParse(board), dead
}

// TestAnalysis_A3_SessionHonest: every snapshot of the hero's session
// (examples/ps-session.txt) that has an unknown hand, whichever way it was
// computed (the preflop table, exact enumeration of the unknown hand, Monte
// Carlo in steps), is within 4 standard errors of a fresh Monte Carlo run
// of 100,000 trials on the same question (exact ones within 4 of the
// fresh run's alone), and its standard error is within the target.
func TestAnalysis_A3_SessionHonest(t *testing.T) {
	t.Parallel()
	hands := sessionHands(t, 15, 8_800_000_000)
	seen := map[string]int{}
	for _, h := range hands {
		a, err := Analyze(context.Background(), h)
		if err != nil {
			t.Fatal(err)
		}
		known := knownHoles(h)
		names := make([]string, len(h.Players))
		for i := range names {
			names[i] = playerName(h, i)
		}
		for _, st := range a.Streets {
			if !hasUnknown(st) || st.Mode == "none" {
				continue
			}
			kind := st.Mode
			if st.Table {
				kind = "table"
			}
			seen[kind]++
			hs, board, dead := streetRequest(t, st.Players, st.Board, known, names)
			ref, err := equity.ComputeUnknown(context.Background(), equity.UnknownRequest{Game: h.Table.Game, Hands: hs, Board: board, Dead: dead, Trials: 100_000, Seed: 12345})
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range st.Players {
				if *p.Stderr > DefaultTargetStderr || (st.Mode == "exhaustive") != (*p.Stderr == 0) {
					t.Errorf("%s %s %s (%s): stderr %v", h.SiteHandID, st.Street, p.Name, kind, *p.Stderr)
				}
				se := math.Hypot(*p.Stderr, ref.Players[i].Stderr)
				if d := math.Abs(*p.Equity - ref.Players[i].Equity); d > 4*se {
					t.Errorf("%s %s %s (%s): equity %.4f, fresh Monte Carlo %.4f (4 SE %.4f)", h.SiteHandID, st.Street, p.Name, kind, *p.Equity, ref.Players[i].Equity, 4*se)
				}
			}
		}
	}
	// The session exercises every way.
	if seen["table"] == 0 || seen["exhaustive"] == 0 || seen["montecarlo"] == 0 {
		t.Errorf("snapshots with unknown hands by way: %v", seen)
	}
}

// TestAnalysis_A3_PreflopTable: before the flop with only the hero's cards
// known, the snapshot and the decisions are the preflop table's entries
// (table true, mode montecarlo, the entry's trials and standard error),
// against as many random hands as there are other live players; a caller
// asking for a fixed number of trials, or a target below the table's
// error, gets Monte Carlo instead.
func TestAnalysis_A3_PreflopTable(t *testing.T) {
	t.Parallel()
	text := `variant = 'PO/8'
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
starting_stacks = [100, 100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 As2sKdQd', 'd dh p4 ????', 'p3 cc', 'p4 f', 'p1 cc', 'p2 cbr 6', 'p3 cc', 'p1 f', 'd db Tc5h3h', 'p2 cbr 10', 'p3 f']
`
	h := phhOf(t, text)
	a := analyzeLegal(t, h)
	hero := cards.MustParse("As2sKdQd")
	pre := a.Streets[0]
	e, ok := preflop.Lookup(h.Table.Game, hero, 3)
	if !ok {
		t.Fatal("no table entry")
	}
	if !pre.Table || pre.Mode != "montecarlo" || pre.Boards != preflop.Trials() || pre.NoLow != e.NoLow || pre.Seed == nil {
		t.Fatalf("preflop %+v", pre)
	}
	if p := pre.Players[2]; *p.Equity != e.Hero.Equity || *p.Stderr != e.Hero.Stderr || *p.LoWin != e.Hero.LoWin || p.Unknown {
		t.Errorf("hero %+v, table %+v", p, e.Hero)
	}
	if p := pre.Players[0]; *p.Equity != e.Opponent.Equity || *p.HiWin != e.Opponent.HiWin || !p.Unknown {
		t.Errorf("p1 %+v, table %+v", p, e.Opponent)
	}
	// Decisions: the limp against 3 others, the call against 2 (p4
	// folded), then the fold on the flop.
	if len(a.Decisions) != 3 {
		t.Fatalf("decisions %+v", a.Decisions)
	}
	e2, _ := preflop.Lookup(h.Table.Game, hero, 2)
	for i, want := range []preflop.Entry{e, e2} {
		if d := a.Decisions[i]; !d.Table || d.Mode != "montecarlo" || d.Equity != want.Hero.Equity || d.Stderr != want.Hero.Stderr {
			t.Errorf("decision %d %+v, want %+v", i, d, want.Hero)
		}
	}
	if fl := a.Streets[1]; fl.Table || fl.Mode != "montecarlo" {
		t.Errorf("flop %+v", fl)
	}
	for _, opt := range []Options{{TargetStderr: -1, Trials: 3000}, {TargetStderr: e.Hero.Stderr / 2}} {
		b, err := AnalyzeWith(context.Background(), h, opt)
		if err != nil {
			t.Fatal(err)
		}
		if st := b.Streets[0]; st.Table || st.Mode != "montecarlo" || (opt.Trials != 0 && st.Boards != 3000) {
			t.Errorf("%+v: preflop %+v", opt, st)
		}
	}
}
