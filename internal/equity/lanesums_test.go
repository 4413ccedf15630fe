package equity

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
)

// talliesBoardByBoard returns the tallies of every completion of r's board
// dealt one at a time (eachBoard) in the form the exhaustive engine counts
// them: every field of accum, the outcome codes and the squared shares
// too.
func talliesBoardByBoard(r Request) accum {
	var a accum
	eachBoard(r, func(hi, lo uint16) { a.settle(len(r.Hands), hi, lo, 1, r.Game.HasLow(), true) })
	return a
}

// checkTallies compares the exhaustive engine's tallies for r with
// talliesBoardByBoard's, field by field.
func checkTallies(t *testing.T, r Request) {
	t.Helper()
	s := newSetup(r)
	acc, err := s.exhaustive(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := *acc
	s.release()
	if want := talliesBoardByBoard(r); got != want {
		t.Errorf("%s %v board %v dead %v: tallies\n%+v\nboard by board\n%+v", r.Game, r.Hands, r.Board, r.Dead, got, want)
	}
}

// TestExhaustiveLaneSums checks the exhaustive engine's tallies, every
// one of them (outcome codes and squares included), against a board by
// board count on whole preflop decks of heads-up hands: the hands where
// each suit held twice is held by one player only (whose flush boards a
// pattern counts at once when its highs are below every flush of that
// suit), hands sharing a suit, and paired hands, in both games, with and
// without dead cards.
func TestExhaustiveLaneSums(t *testing.T) {
	hands := [][2]string{
		{"AsKsQhJh", "2c3c4d5d"},
		{"As2s3dKd", "QhQcJhTc"},
		{"AsAhKsKh", "JdTd9c8c"},
		{"AsKs2c3c", "QsJs4c5c"},
		{"AhAd2h3d", "KsKc4s5c"},
		{"7s7h8s8h", "9c9dTcTd"},
	}
	rng := rand.New(rand.NewPCG(38, 27))
	for range 4 {
		perm := rng.Perm(cards.NumCards)
		var h [2]string
		for i := range 2 {
			h[i] = cards.List{cards.Card(perm[4*i]), cards.Card(perm[4*i+1]), cards.Card(perm[4*i+2]), cards.Card(perm[4*i+3])}.String()
		}
		hands = append(hands, h)
	}
	if testing.Short() {
		hands = hands[:3]
	}
	for c, h := range hands {
		in := Input{Hands: h[:], Mode: "exhaustive"}
		if c%2 == 1 {
			in.Game = "omaha-hi"
		}
		if c%3 == 2 {
			for _, d := range []string{"8d", "Tc", "2h"} {
				if !containsCard(h, d) {
					in.Dead += d
				}
			}
		}
		r, err := ParseInput(in)
		if err != nil {
			t.Fatalf("%v: %v", in, err)
		}
		checkTallies(t, r)
	}
	// More players than denseMost: the tallies by high winners per
	// pattern (five preflop, six with one board card).
	for _, in := range []Input{
		{Hands: []string{"AsKsQhJh", "2c3c4d5d", "9h9dTsTc", "6s7s8c8d", "AhAcKdQd"}, Mode: "exhaustive"},
		{Game: "omaha-hi", Hands: []string{"As2s3dKd", "QhQcJhTc", "5h5d6c7c", "AcKcJd9s", "2h3hTdTs", "8s8d4c4d"}, Mode: "exhaustive"},
	} {
		r, err := ParseInput(in)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Hands) == 6 {
			r.Board, _ = cards.Parse("9h")
		}
		checkTallies(t, r)
	}
}

// containsCard reports whether one of the hands holds the card named c.
func containsCard(hands [2]string, c string) bool {
	for _, h := range hands {
		for i := 0; i+2 <= len(h); i += 2 {
			if h[i:i+2] == c {
				return true
			}
		}
	}
	return false
}
