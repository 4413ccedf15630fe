package equity

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/ranges"
)

// smallDeck is a case whose deck is small enough to enumerate: the board
// and the dead cards leave the aces, kings, queens and the jack of spades
// (13 cards) for three players and the river. Its plan deals "*" and
// "A***" from the deck (A***'s hands checked against its range) and draws
// KK** from its range: every kind of proposal at once.
func smallDeck(game eval.Game) Input {
	const board = "JhTh9c8d"
	keep := map[string]bool{"Js": true, "Jh": true, "Th": true, "9c": true, "8d": true}
	for _, r := range "AKQ" {
		for _, su := range "shdc" {
			keep[string(r)+string(su)] = true
		}
	}
	var dead strings.Builder
	for _, r := range "JT98765432" {
		for _, su := range "shdc" {
			if c := string(r) + string(su); !keep[c] {
				dead.WriteString(c)
			}
		}
	}
	return Input{Game: game.String(), Board: board, Dead: dead.String(), Hands: []string{"*", "A***", "KK**"}}
}

// TestRangesDealtMatchBruteForce: with ranges dealt from the deck and
// drawn from ranges in one trial, the Monte Carlo equities are within 4
// standard errors of the brute force (every compatible combination
// weighted equally), and the plan is the one the case is for.
func TestRangesDealtMatchBruteForce(t *testing.T) {
	for _, game := range []eval.Game{eval.OmahaHiLo, eval.OmahaHi} {
		t.Run(game.String(), func(t *testing.T) {
			in := smallDeck(game)
			in.Mode, in.Trials, in.Seed = "montecarlo", TrialsOf(300_000), new(uint64(3))
			j := mustPrepare(t, in)
			p := j.setup.plan
			if len(p.dealt) != 2 || p.dealt[0] != 0 || p.dealt[1] != 1 || p.member[0] != nil || p.member[1] == nil || len(p.drawn) != 1 || p.drawn[0] != 2 || p.certain {
				t.Fatalf("plan: dealt %v drawn %v member %v %v", p.dealt, p.drawn, p.member[0] != nil, p.member[1] != nil)
			}
			want, n := bruteForceDead(t, game, in.Board, in.Dead, in.Hands...)
			t.Logf("%d compatible combinations; acceptance %d/%d", n, j.accept, acceptanceProbes)
			res, err := j.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			for i, pl := range res.Players {
				w, _ := want[i].Float64()
				if pl.Stderr <= 0 || math.Abs(pl.Equity-w) > 4*pl.Stderr {
					t.Errorf("player %d (%s): Monte Carlo %.5f ± %.5f, brute force %.5f", i, in.Hands[i], pl.Equity, pl.Stderr, w)
				}
			}
		})
	}
}

// TestDealtSamplerUnbiased checks, with a chi-square test, that each hand
// of each player of the small deck is drawn as often as the compatible
// combinations holding it require (every combination equally likely). A
// sampler that deals each range in turn from what is left (each player
// uniform over his hands still possible) fails the same test.
func TestDealtSamplerUnbiased(t *testing.T) {
	in := smallDeck(eval.OmahaHiLo)
	in.Mode = "montecarlo"
	j := mustPrepare(t, in)
	s := j.setup
	// Every compatible combination, and each player's hands' counts in them.
	sets := make([][]cards.CardSet, 3)
	for i := range j.combos {
		j.materialize(i) // "*" has no list of its own
		for _, c := range j.combos[i] {
			sets[i] = append(sets[i], c.Set())
		}
	}
	count := make([]map[cards.CardSet]float64, 3)
	for i := range count {
		count[i] = map[cards.CardSet]float64{}
	}
	total := 0.0
	for _, a := range sets[0] {
		for _, b := range sets[1] {
			if a&b != 0 {
				continue
			}
			for _, c := range sets[2] {
				if c&(a|b) == 0 {
					count[0][a]++
					count[1][b]++
					count[2][c]++
					total++
				}
			}
		}
	}
	if total == 0 || len(sets[0]) != 715 {
		t.Fatalf("%d compatible combinations, %d hands of *", int(total), len(sets[0]))
	}
	const trials = 300_000
	chi2 := func(got []map[cards.CardSet]int) (x float64, df int) {
		for i := range count {
			for h, k := range count[i] {
				exp := trials * k / total
				d := float64(got[i][h]) - exp
				x += d * d / exp
				df++
			}
			df--
		}
		return x, df
	}
	bound := func(df int) float64 {
		f := float64(df)
		return f * math.Pow(1-2/(9*f)+4*math.Sqrt(2/(9*f)), 3)
	}
	got := make([]map[cards.CardSet]int, 3)
	for i := range got {
		got[i] = map[cards.CardSet]int{}
	}
	var rng rand.PCG
	rng.Seed(4, 5)
	var deck [cards.NumCards]cards.Card
	nd := copy(deck[:], s.rest)
	e := &rangeState{s: s}
	e.seatFixed()
	for range trials {
		e.deal(&rng, &deck, nd)
		for i := range got {
			got[i][e.hand[i]]++
		}
	}
	if x, df := chi2(got); x > bound(df) {
		t.Errorf("plan's sampler: chi-square %.1f over %d degrees of freedom, bound %.1f", x, df, bound(df))
	} else {
		t.Logf("plan's sampler: chi-square %.1f over %d degrees of freedom (bound %.1f)", x, df, bound(df))
	}

	// Each player in turn uniform over his hands still possible.
	seq := make([]map[cards.CardSet]int, 3)
	for i := range seq {
		seq[i] = map[cards.CardSet]int{}
	}
	rr := rand.New(rand.NewPCG(4, 5))
	for done := 0; done < trials; {
		var used cards.CardSet
		var pick [3]cards.CardSet
		ok := true
		for i := range sets {
			var left []cards.CardSet
			for _, h := range sets[i] {
				if h&used == 0 {
					left = append(left, h)
				}
			}
			if len(left) == 0 {
				ok = false
				break
			}
			pick[i] = left[rr.IntN(len(left))]
			used |= pick[i]
		}
		if ok {
			for i := range seq {
				seq[i][pick[i]]++
			}
			done++
		}
	}
	if x, df := chi2(seq); x <= bound(df) {
		t.Errorf("the sequential sampler passes (chi-square %.1f, bound %.1f): the test has no power", x, bound(df))
	}
}

// TestRangesOfAnyHandForManyPlayers: five or more players of any hand,
// and ten, are computed (they were refused as too rare to sample), and
// agree with ComputeUnknown (unknown hands are any hands) within 4
// combined standard errors.
func TestRangesOfAnyHandForManyPlayers(t *testing.T) {
	for _, tt := range []struct {
		board string
		hands []string
	}{
		{"7h8h2s", []string{"*", "*", "*", "*", "*", "*"}},
		{"7h8h2s", []string{"AsKsQhJh", "*", "*", "*", "*"}},
		{"", []string{"*", "*", "*", "*", "*", "*", "*", "*", "*", "*"}},
		{"Kd9c2h", []string{"*", "2c3c4d5d", "*", "*", "*", "*", "*", "*", "*", "AA**"}},
	} {
		t.Run(strings.Join(tt.hands, " ")+" "+tt.board, func(t *testing.T) {
			res := mustRanges(t, Input{Board: tt.board, Hands: tt.hands, Mode: "montecarlo", Trials: TrialsOf(100_000), Seed: new(uint64(8))})
			if res.Boards != 100_000 || len(res.Players) != len(tt.hands) {
				t.Fatalf("%d boards, %d players", res.Boards, len(res.Players))
			}
			sum := 0.0
			for _, p := range res.Players {
				sum += p.Equity
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("equities sum to %v", sum)
			}
			if strings.Contains(strings.Join(tt.hands, ""), "AA") {
				return // ComputeUnknown has no ranges
			}
			u := UnknownRequest{Game: eval.OmahaHiLo, Board: cards.MustParse(tt.board), Trials: 100_000, Seed: 9}
			for _, h := range tt.hands {
				if h == "*" {
					u.Hands = append(u.Hands, nil)
				} else {
					u.Hands = append(u.Hands, cards.MustParse(h))
				}
			}
			ur, err := ComputeUnknown(context.Background(), u)
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range res.Players {
				q := ur.Players[i]
				if se := math.Hypot(p.Stderr, q.Stderr); se <= 0 || math.Abs(p.Equity-q.Equity) > 4*se {
					t.Errorf("player %d: ranges %.5f ± %.5f, unknown hands %.5f ± %.5f", i, p.Equity, p.Stderr, q.Equity, q.Stderr)
				}
			}
		})
	}
}

// TestDealableSearch: the search finds a combination when one exists
// (even when random deals rarely give one) and proves when none does.
func TestDealableSearch(t *testing.T) {
	combos := func(board string, hs ...string) ([][]ranges.Combo, []bool, cards.CardSet) {
		r := RangeRequest{Game: eval.OmahaHiLo, Board: cards.MustParse(board)}
		for _, h := range hs {
			r.Ranges = append(r.Ranges, ranges.MustParse(h))
		}
		c, _, f, _, removed, err := expand(r, false)
		if err != nil {
			t.Fatal(err)
		}
		return c, f, cards.FullDeck &^ removed
	}
	// Four aces for four players, and each of them one of each suit.
	c, f, free := combos("", "A***", "A***", "A***", "A***", "*")
	if d, _, _ := dealable(c, f, free); d != canDeal {
		t.Errorf("four players with an ace: %v", d)
	}
	// Two pairs of aces with an ace on the board: four aces wanted, three
	// left.
	c, f, free = combos("Ac", "AA**", "AA**")
	if d, who, why := dealable(c, f, free); d != cannotDeal || len(who) != 2 || why != "they need 4 of the aces, 3 are left" {
		t.Errorf("two pairs of aces with one ace on the board: %v %v %q", d, who, why)
	}
	// The search (not the counting proof) proves this one: every hand of
	// the first holds As or Ah, every hand of the second both.
	c, f, free = combos("", "As2c3c4c,Ah2d3d4d", "AsAh**", "*")
	if who, _ := countingProof(c, []int{0, 1, 2}, free); who != nil {
		t.Fatalf("the counting proof names %v", who)
	}
	if d, who, why := dealable(c, f, free); d != cannotDeal || len(who) != 2 || who[0] != 0 || who[1] != 1 || why != "every combination of their hands shares a card" {
		t.Errorf("As or Ah against AsAh: %v %v %q", d, who, why)
	}
}

// TestAnyHandRangesMakeNoList: a range of every hand, dealt from the deck,
// is never listed (ten of them were 2.7 million hands), and what the job
// says of it is what the list would say.
func TestAnyHandRangesMakeNoList(t *testing.T) {
	in := Input{Board: "Kd9c2h", Hands: []string{"AsKsQhJh", "*", "*", "*", "*", "*", "*", "*", "*", "*"}, Mode: "montecarlo", Trials: TrialsOf(1000)}
	j := mustPrepare(t, in)
	removed := cards.MustParse("AsKsQhJhKd9c2h")
	rs, _ := removed.Set()
	list := ranges.MustParse("*").Combos(eval.OmahaHiLo, rs)
	for i := 1; i < len(in.Hands); i++ {
		if j.combos[i] != nil {
			t.Errorf("player %d: %d hands listed", i, len(j.combos[i]))
		}
	}
	if c := j.Combos(); c[0] != 1 || c[1] != len(list) || c[9] != len(list) {
		t.Errorf("combos %v, want 1 and %d", c, len(list))
	}
	if r := j.ReadAsRange(); len(r) != 9 || r[0].Example != list[0].String() || r[0].Combos != len(list) {
		t.Errorf("read as range %+v: want the example %s of %d", r[0], list[0], len(list))
	}
	res, err := j.Run(context.Background())
	if err != nil || res.Boards != 1000 {
		t.Fatalf("%d boards, %v", res.Boards, err)
	}
}
