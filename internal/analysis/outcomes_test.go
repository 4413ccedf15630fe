package analysis

import (
	"context"
	"encoding/json"
	"math"
	"math/big"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/eval"
)

// checkOutcomes checks one snapshot player's A8 outcomes against his
// equity: boards adding up to the snapshot's, probabilities their
// boards' share, the mean of the shares his equity.
func checkOutcomes(t *testing.T, where string, st Street, p StreetPlayer) {
	t.Helper()
	if len(p.Outcomes) == 0 {
		t.Errorf("%s %s: no outcomes", where, p.Name)
		return
	}
	var boards int64
	mean := 0.0
	for _, o := range p.Outcomes {
		r, ok := new(big.Rat).SetString(o.Share)
		if !ok {
			t.Fatalf("%s %s: share %q", where, p.Name, o.Share)
		}
		f, _ := r.Float64()
		boards += o.Boards
		mean += f * float64(o.Boards)
		if want := float64(o.Boards) / float64(st.Boards); math.Abs(o.Probability-want) > 1e-12 {
			t.Errorf("%s %s: share %s probability %v, want %v", where, p.Name, o.Share, o.Probability, want)
		}
		if (o.Stderr != nil) != (st.Mode == "montecarlo") {
			t.Errorf("%s %s: share %s stderr %v in mode %s", where, p.Name, o.Share, o.Stderr, st.Mode)
		}
	}
	if boards != st.Boards {
		t.Errorf("%s %s: outcomes over %d boards, the snapshot %d", where, p.Name, boards, st.Boards)
	}
	if mean /= float64(boards); math.Abs(mean-*p.Equity) > 1e-9 {
		t.Errorf("%s %s: outcomes' mean %v, equity %v", where, p.Name, mean, *p.Equity)
	}
}

// Issue 26: every snapshot with equities carries each player's A8
// outcomes (exact, Monte Carlo and one unknown hand counted on the river),
// except a preflop table lookup, which has none; in the JSON as
// "outcomes".
func TestSnapshotOutcomes_A8(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'PO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [200, 200, 200]
actions = ['d dh p1 As2sKdQd', 'd dh p2 ????', 'd dh p3 Ad3c8h8s', 'p3 cbr 6', 'p1 cc', 'p2 cc', 'd db 4c7hKh', 'p1 cc', 'p2 cbr 10', 'p3 cc', 'p1 cc', 'd db 8d', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 2c', 'p1 cc', 'p2 cbr 20', 'p3 f', 'p1 cc']
`)
	a, err := Analyze(context.Background(), h)
	if err != nil {
		t.Fatal(err)
	}
	modes := map[string]bool{}
	for _, st := range a.Streets {
		if st.Mode == "none" {
			continue
		}
		modes[st.Mode] = true
		for _, p := range st.Players {
			checkOutcomes(t, st.Street, st, p)
		}
	}
	if river := a.Streets[len(a.Streets)-1]; !modes["montecarlo"] || river.Mode != "exhaustive" || !river.Players[1].Unknown {
		t.Errorf("modes %v, river %s: want Monte Carlo, and the river's unknown hand counted", modes, river.Mode)
	}
	raw, err := json.Marshal(a.Streets[len(a.Streets)-1])
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Players []struct {
			Outcomes []equity.Outcome `json:"outcomes"`
		} `json:"players"`
	}
	if err := json.Unmarshal(raw, &back); err != nil || len(back.Players) == 0 || len(back.Players[0].Outcomes) == 0 {
		t.Errorf("the river's JSON has no outcomes: %s (%v)", raw, err)
	}

	// Every hand known: exact, the same outcomes as the equity API's.
	known := phhOf(t, `variant = 'PO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [200, 200]
actions = ['d dh p1 As2sKdQd', 'd dh p2 JhJcTh9c', 'p2 cc', 'p1 cc', 'd db 4c7hKh', 'p1 cc', 'p2 cc', 'd db 8d', 'p1 cc', 'p2 cc', 'd db 2c', 'p1 cc', 'p2 cc']
`)
	if a, err = Analyze(context.Background(), known); err != nil {
		t.Fatal(err)
	}
	flop := a.Streets[1]
	want, err := equity.Compute(context.Background(), equity.Request{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse("As2sKdQd"), cards.MustParse("JhJcTh9c")},
		Board: cards.MustParse("4c7hKh"), Mode: equity.Exhaustive})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range flop.Players {
		checkOutcomes(t, "flop", flop, p)
		got, _ := json.Marshal(p.Outcomes)
		w, _ := json.Marshal(want.Players[i].Outcomes)
		if string(got) != string(w) {
			t.Errorf("flop %s: outcomes %s, equity API %s", p.Name, got, w)
		}
	}

	// The hero alone known before the flop: the table, no outcomes.
	lone := phhOf(t, `variant = 'PO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [200, 200]
actions = ['d dh p1 As2sKdQd', 'd dh p2 ????', 'p2 f']
`)
	if a, err = Analyze(context.Background(), lone); err != nil {
		t.Fatal(err)
	}
	if pre := a.Streets[0]; !pre.Table || pre.Players[0].Outcomes != nil {
		t.Errorf("table lookup: table %v, outcomes %+v", pre.Table, pre.Players[0].Outcomes)
	}
}
