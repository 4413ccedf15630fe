package eval

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
)

var long = flag.Bool("long", false, "run the long randomized comparisons (millions of hands)")

// slowOmahaHigh is the obvious evaluator: every one of the 60 ways to take
// two hole and three board cards, through High5.
func slowOmahaHigh(hole, board cards.List) HighValue {
	var best HighValue
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						if v := High5([5]cards.Card{hole[i], hole[j], board[a], board[b], board[c]}); v > best {
							best = v
						}
					}
				}
			}
		}
	}
	return best
}

// slowOmahaLow is the obvious low: every two-plus-three choice through Low5.
func slowOmahaLow(hole, board cards.List) (LowValue, bool) {
	var best LowValue
	found := false
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						v, ok := Low5([5]cards.Card{hole[i], hole[j], board[a], board[b], board[c]})
						if ok && (!found || v < best) {
							best, found = v, true
						}
					}
				}
			}
		}
	}
	return best, found
}

// deal returns n distinct random cards.
func deal(r *rand.Rand, n int) cards.List {
	perm := r.Perm(cards.NumCards)
	out := make(cards.List, n)
	for i := range out {
		out[i] = cards.Card(perm[i])
	}
	return out
}

func TestOmahaMatchesSlowEvaluator(t *testing.T) {
	n := 1_000_000
	if *long {
		n = 5_000_000
	}
	if testing.Short() {
		n = 50_000
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < n; i++ {
		boardLen := 3 + i%3
		c := deal(r, 4+boardLen)
		hole, board := c[:4], c[4:]
		if got, want := OmahaHigh(hole, board), slowOmahaHigh(hole, board); got != want {
			t.Fatalf("OmahaHigh(%v, %v) = %v (%#x), slow evaluator says %v (%#x)", hole, board, got, uint32(got), want, uint32(want))
		}
		gl, gok := OmahaLow(hole, board)
		wl, wok := slowOmahaLow(hole, board)
		if gl != wl || gok != wok {
			t.Fatalf("OmahaLow(%v, %v) = %v %v, slow evaluator says %v %v", hole, board, gl, gok, wl, wok)
		}
	}
}

// flushHeavyDeal deals hands rich in one suit, so that flushes and straight
// flushes, rare in uniform deals, are exercised.
func TestOmahaMatchesSlowEvaluatorSuited(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 50_000; i++ {
		// Draw from a deck of two suits and a few ranks.
		var deck cards.List
		lo := r.IntN(6)
		for rk := lo; rk < lo+8; rk++ {
			deck = append(deck, cards.New(cards.Rank(rk), cards.Hearts), cards.New(cards.Rank(rk), cards.Spades))
		}
		if i%2 == 0 { // and the wheel
			deck = append(deck, cards.New(cards.Ace, cards.Hearts), cards.New(cards.Ace, cards.Spades))
		}
		r.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		hole, board := deck[:4], deck[4:9]
		if got, want := OmahaHigh(hole, board), slowOmahaHigh(hole, board); got != want {
			t.Fatalf("OmahaHigh(%v, %v) = %v, slow evaluator says %v", hole, board, got, want)
		}
	}
}

func TestRule_R14_R15_OmahaHigh(t *testing.T) {
	tests := []struct {
		name, hole, board, want string
	}{
		{"R14 exactly two hole cards: four hearts on board is no flush", "Ah2c3d4s", "KhQhJh9h5c", "high card, ace-king-queen-jack-four"},
		{"R14 one heart in hand plays no board flush", "AhKcKd2s", "QhJhTh9h8h", "straight, ace high"},
		{"R14 board quads do not play with three board cards", "2c3d4h9s", "KcKdKhKs5c", "three of a kind, kings, nine-four"},
		{"R15 royal flush", "AsKs2c3c", "QsJsTs4d5d", "straight flush, ace high (royal flush)"},
		{"R15 wheel is a five-high straight", "Ac2d7h8h", "3s4c5dKsQs", "straight, five high"},
		{"R15 full house", "KsKh7c2d", "Kd7s7h3c4c", "full house, kings full of sevens"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := OmahaHigh(cards.MustParse(tt.hole), cards.MustParse(tt.board))
			if got.String() != tt.want {
				t.Errorf("OmahaHigh(%s, %s) = %q, want %q", tt.hole, tt.board, got, tt.want)
			}
		})
	}
}

func TestRule_R15_Ordering(t *testing.T) {
	// Each hand beats the next one.
	order := []string{
		"AsKsQsJsTs", "5h4h3h2hAh", "9c9d9h9sAc", "9c9d9h9s2c", "2c2d2h3s3c",
		"AhJh8h6h2h", "AsKdQcJhTh", "5c4d3h2sAs", "QcQdQh3s2c", "KcKdQhQs2c",
		"KcKd3h3s2c", "AcAd5h4s3c", "AcKd9h4s3c", "7c5d4h3s2c",
	}
	for i := 0; i+1 < len(order); i++ {
		a := High5([5]cards.Card(cards.MustParse(order[i])))
		b := High5([5]cards.Card(cards.MustParse(order[i+1])))
		if a <= b {
			t.Errorf("%s (%v) should beat %s (%v)", order[i], a, order[i+1], b)
		}
	}
	// Suits never rank.
	if a, b := High5([5]cards.Card(cards.MustParse("AsKdQcJh9h"))), High5([5]cards.Card(cards.MustParse("AcKhQdJs9s"))); a != b {
		t.Errorf("same ranks, different suits: %v != %v", a, b)
	}
}

func TestRule_R16_LowOrdering(t *testing.T) {
	tests := []struct{ better, worse string }{
		{"7c6d5h4s2c", "8c6d4h2sAc"},
		{"6c4d3h2sAc", "7c4d3h2sAc"},
		{"8c4d3h2sAc", "8c5d4h3s2c"},
		{"5c4d3h2sAc", "6c4d3h2sAc"}, // the wheel is the best low
	}
	for _, tt := range tests {
		b, okb := Low5([5]cards.Card(cards.MustParse(tt.better)))
		w, okw := Low5([5]cards.Card(cards.MustParse(tt.worse)))
		if !okb || !okw {
			t.Fatalf("%s or %s not a low", tt.better, tt.worse)
		}
		if b >= w {
			t.Errorf("%s (%v) should beat %s (%v) for low", tt.better, b, tt.worse, w)
		}
	}
}

func TestRule_R16_OmahaLow(t *testing.T) {
	tests := []struct {
		name, hole, board string
		want              string // "" for no low
	}{
		{"wheel", "Ac2dKsKh", "3c4d5h9sTs", "5-4-3-2-A"},
		{"8-4-3-2-A with a straight and flush ignored", "Ah2hKsQs", "3h4h8hJcJd", "8-4-3-2-A"},
		{"needs two different low hole ranks", "AcAdKsKh", "2c3d4hQsJs", "no low"},
		{"board needs three different low ranks", "Ac2dKsKh", "3c3d4h9sTs", "no low"},
		{"pair in hand does not count twice", "Ac2dAh2s", "3c4d8h9sTs", "8-4-3-2-A"},
		{"nine does not qualify", "Ac2dKsKh", "3c4d9hTsJs", "no low"},
		{"best two of four hole cards", "Ac2d3h8s", "4c5d8hKsQs", "8-5-4-2-A"},
		{"board low card shared with hand is skipped", "Ac2dKsKh", "2c3d4h7sQs", "7-4-3-2-A"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, ok := OmahaLow(cards.MustParse(tt.hole), cards.MustParse(tt.board))
			got := "no low"
			if ok {
				got = v.String()
			}
			if got != tt.want {
				t.Errorf("OmahaLow(%s, %s) = %s, want %s", tt.hole, tt.board, got, tt.want)
			}
		})
	}
}

func TestNoPanicOnBadInput(t *testing.T) {
	bad := cards.List{60, 255, 0, 1}
	_ = OmahaHigh(bad, cards.List{52, 2, 3, 4, 5, 6})
	_, _ = OmahaLow(bad, cards.List{200, 2, 3})
	_ = High5([5]cards.Card{255, 254, 253, 252, 251})
	_ = OmahaHigh(nil, nil)
	if v := OmahaHigh(cards.MustParse("AsKs"), cards.MustParse("QsJs")); v != 0 {
		t.Errorf("two board cards made a hand: %v", v)
	}
	// More than five board cards is not an Omaha board (the precondition).
	if v := OmahaHigh(cards.MustParse("AsKsQsJs"), cards.MustParse("Ts9s8s7s6s")); v == 0 {
		t.Error("five board cards made no hand")
	}
	if v := OmahaHigh(cards.MustParse("AsKsQsJs"), cards.MustParse("Ts9s8s7s6s2d")); v != 0 {
		t.Errorf("six board cards made a hand: %v", v)
	}
	_ = FlushHigh(0xFFFF, 0xFFFF)
	_ = TripleIndex(200, 100, 13)
}

// naiveFlushHigh is FlushHigh's oracle, independent of the flush tables:
// every two ranks of hole and three of board made into five spades and
// valued by High5; 0 when no choice exists.
func naiveFlushHigh(hole, board uint16) HighValue {
	var hr, br []cards.Rank
	for r := cards.Rank(0); r < 13; r++ {
		if hole&(1<<r) != 0 {
			hr = append(hr, r)
		}
		if board&(1<<r) != 0 {
			br = append(br, r)
		}
	}
	var best HighValue
	for i := 0; i < len(hr); i++ {
		for j := i + 1; j < len(hr); j++ {
			for a := 0; a < len(br); a++ {
				for b := a + 1; b < len(br); b++ {
					for c := b + 1; c < len(br); c++ {
						five := [5]cards.Card{cards.New(hr[i], cards.Spades), cards.New(hr[j], cards.Spades),
							cards.New(br[a], cards.Spades), cards.New(br[b], cards.Spades), cards.New(br[c], cards.Spades)}
						if v := High5(five); v > best {
							best = v
						}
					}
				}
			}
		}
	}
	return best
}

func TestFlushHighAgainstSlow(t *testing.T) {
	// Every split of 8 suited ranks (plus the wheel ranks) into hole and
	// board masks of 2..4 and 3..5 ranks.
	r := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 100_000; i++ {
		perm := r.Perm(13)
		nh, nb := 2+r.IntN(3), 3+r.IntN(3)
		var h, b uint16
		for _, x := range perm[:nh] {
			h |= 1 << x
		}
		for _, x := range perm[nh : nh+nb] {
			b |= 1 << x
		}
		if got, want := FlushHigh(h, b), naiveFlushHigh(h, b); got != want {
			t.Fatalf("FlushHigh(%013b, %013b) = %v, slow %v", h, b, got, want)
		}
	}
	if FlushHigh(1<<12|1<<3, 1<<11) != 0 {
		t.Error("flush from one board card")
	}
}

func FuzzParseGame(f *testing.F) {
	for _, s := range []string{"omaha-hi", "omaha-hilo", "", "OMAHA-HI", "holdem"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGame(s)
		if err != nil {
			return
		}
		if g.String() != s {
			t.Fatalf("ParseGame(%q) = %v, which prints differently", s, g)
		}
		b, _ := g.MarshalText()
		var back Game
		if err := back.UnmarshalText(b); err != nil || back != g {
			t.Fatalf("game %v does not round-trip: %v", g, err)
		}
	})
}
